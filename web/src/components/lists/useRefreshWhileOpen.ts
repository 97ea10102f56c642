/**
 * A list that follows runs and evals starting and ending: the API has no list-wide subscription
 * (only per run or per eval, and a subscription per row is what we avoid), so the page's query is
 * asked again every `everyMs` while the tab is visible, and at once when the window gets focus.
 */
import { useEffect } from "react";

export function useRefreshWhileOpen(refresh: () => void, everyMs = 10_000): void {
  useEffect(() => {
    const tick = () => { if (document.visibilityState === "visible") refresh(); };
    const timer = window.setInterval(tick, everyMs);
    window.addEventListener("focus", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
    };
  }, [refresh, everyMs]);
}
