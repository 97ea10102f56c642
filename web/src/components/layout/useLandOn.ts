/**
 * A link that points inside a page (a search hit's message, a run's case) lands there: once the
 * element with `id` is in the page, it is scrolled to the middle and takes focus, so a keyboard or
 * screen-reader user starts reading where the words were (the element needs tabIndex -1). Done
 * once per target: re-reads of the page's data (live refreshes) do not pull the view back.
 */
import { useEffect, useRef } from "react";

export function useLandOn(id: string | null, ready: boolean): void {
  const landed = useRef<string | null>(null);
  useEffect(() => {
    if (!id || !ready || landed.current === id) return;
    const element = document.getElementById(id);
    if (!element) return;
    landed.current = id;
    element.scrollIntoView({ block: "center" });
    element.focus({ preventScroll: true });
  });
}

/** The element id a `#…` hash names (percent-escapes decoded), or null. */
export function idFromHash(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
