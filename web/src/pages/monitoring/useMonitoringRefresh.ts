/**
 * Monitoring pages follow new hits, alerts and counters by asking their queries again while
 * the tab is visible (the list pages' mechanism): the API has no monitoring subscription, and
 * a subscription per chart point is what we avoid.
 */
import { useCallback } from "react";
import { useRefreshWhileOpen } from "../../components/lists/useRefreshWhileOpen";

export const MONITORING_REFRESH_MS = 5_000;

export function useMonitoringRefresh(refetch: (options: { requestPolicy: "network-only" }) => void): () => void {
  const reread = useCallback(() => refetch({ requestPolicy: "network-only" }), [refetch]);
  useRefreshWhileOpen(reread, MONITORING_REFRESH_MS);
  return reread;
}
