/** Re-run a query whenever an eval's event arrives (from now on), optionally for one session. */
import { useCallback } from "react";
import { useLiveStream } from "./useLiveStream";
import { EvalEventsSubscription } from "../pages/eval/queries";
import type { EvalEvent } from "../pages/eval/useEvalLive";

export function useRefetchOnEvents(evalId: string | undefined, refetch: () => void, sessionId?: string) {
  const requery = useCallback(async () => {
    refetch();
    return null;
  }, [refetch]);
  return useLiveStream<EvalEvent>({
    start: evalId ? null : undefined,
    document: EvalEventsSubscription,
    variables: { evalId },
    cursorVariable: "afterSequence",
    pick: (data) => data.intelligentEvalEvents as EvalEvent | undefined,
    positionOf: (event) => event.sequence,
    onItem: (event) => {
      if (!sessionId || event.sessionId === sessionId) refetch();
    },
    requery,
    enabled: !!evalId,
  });
}
