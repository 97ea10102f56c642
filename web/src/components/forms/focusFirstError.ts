/**
 * After a submit the form refused: move focus to the first field marked invalid (Mantine sets
 * `aria-invalid` on an input with an error), else to the first element marked
 * `data-first-error` (a list of problems), once React has painted the errors.
 */
export function focusFirstError(root: ParentNode = document): void {
  const tryFocus = () => {
    const target = root.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root.querySelector<HTMLElement>("[data-first-error]");
    if (!target) return false;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "center" });
    return true;
  };
  // Two frames: one for React to commit the errors, one for a virtualised list to render the row.
  requestAnimationFrame(() => requestAnimationFrame(() => { if (!tryFocus()) setTimeout(tryFocus, 100); }));
}
