/**
 * The reviewing page's keys as a plain function: a key press (and where the focus is) in,
 * the action it means out, so the page's handler is one switch and the mapping is tested.
 *
 * j / → next item · k / ← previous · 1 2 3 the level (or 1 yes, 2 no for a session's goal
 * and a finding) · y / n answers the current rubric question and moves to the next one ·
 * e focuses the note · Enter or s submits · c claims the next batch. In the note only Enter
 * (without Shift) submits and Escape leaves it, so typing is never taken for a command.
 */
export type WorkAction =
  | { type: "next" }
  | { type: "previous" }
  | { type: "top"; choice: 0 | 1 | 2 }
  | { type: "answer"; yes: boolean }
  | { type: "note" }
  | { type: "leaveNote" }
  | { type: "submit" }
  | { type: "claim" };

export interface KeyPress {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** Where the focus is when the key is pressed. */
export type FocusPlace = "page" | "note" | "text" | "control";

const PLAIN: Record<string, WorkAction> = {
  j: { type: "next" },
  ArrowRight: { type: "next" },
  k: { type: "previous" },
  ArrowLeft: { type: "previous" },
  "1": { type: "top", choice: 0 },
  "2": { type: "top", choice: 1 },
  "3": { type: "top", choice: 2 },
  y: { type: "answer", yes: true },
  n: { type: "answer", yes: false },
  e: { type: "note" },
  s: { type: "submit" },
  Enter: { type: "submit" },
  c: { type: "claim" },
};

export function actionForKey(press: KeyPress, focus: FocusPlace): WorkAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (focus === "note") {
    if (press.key === "Escape") return { type: "leaveNote" };
    if (press.key === "Enter" && !press.shiftKey) return { type: "submit" };
    return null;
  }
  if (focus === "text") return null; // another field (a search box): its keys are its own
  // A focused button or link keeps Enter and Space for itself; the letters still work.
  if (focus === "control" && (press.key === "Enter" || press.key === " ")) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return PLAIN[key] ?? null;
}

/** Where the focus is, from the event's target. */
export function focusPlace(target: EventTarget | null, noteId: string): FocusPlace {
  if (!(target instanceof HTMLElement)) return "page";
  if (target.id === noteId) return "note";
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable) return "text";
  if (tag === "INPUT") {
    const type = (target as HTMLInputElement).type;
    return type === "checkbox" || type === "radio" || type === "button" ? "control" : "text";
  }
  if (tag === "BUTTON" || tag === "A" || target.getAttribute("role") === "button") return "control";
  return "page";
}
