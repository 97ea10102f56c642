/**
 * After a submit the form refused: move focus to the first field marked invalid (Mantine sets
 * `aria-invalid` on an input with an error), else to the first element marked
 * `data-first-error` (a list of problems), else to the first alert in the page (made focusable),
 * once React has painted the errors.
 */
export function focusFirstError(root: ParentNode = document): void {
  const tryFocus = () => {
    const target = root.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root.querySelector<HTMLElement>("[data-first-error]")
      ?? root.querySelector<HTMLElement>('main [role="alert"]');
    if (!target) return false;
    if (target.getAttribute("role") === "alert" && !target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "center" });
    return true;
  };
  // Two frames: one for React to commit the errors, one for a virtualised list to render the row.
  requestAnimationFrame(() => requestAnimationFrame(() => { if (!tryFocus()) setTimeout(tryFocus, 100); }));
}
