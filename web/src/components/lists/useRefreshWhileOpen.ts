/**
 * A page whose data moves without an event to follow (monitoring has no subscription; an eval's
 * sessions close without the eval changing state): the page's query is asked again every
 * `everyMs` while the tab is visible, and at once when the window gets focus (null: off, for a
 * page that needs it only at times).
 * Runs and evals starting and ending are followed by `graphql/useLiveActivity` instead.
 */
import { useEffect } from "react";

export function useRefreshWhileOpen(refresh: () => void, everyMs: number | null = 10_000): void {
  useEffect(() => {
    if (everyMs === null) return undefined;
    const tick = () => { if (document.visibilityState === "visible") refresh(); };
    const timer = window.setInterval(tick, everyMs);
    window.addEventListener("focus", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
    };
  }, [refresh, everyMs]);
}
