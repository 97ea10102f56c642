/** Re-run a query whenever an eval's event arrives (from now on), optionally for one session. */
import { useCallback } from "react";
import { graphql } from "./graphql";
import { useLiveStream } from "./useLiveStream";

/** Only what deciding to re-query needs: where the event sits and which session it is about. */
const EvalEventPositions = graphql(`
  subscription EvalEventPositions($evalId: ID!, $afterSequence: Int) {
    intelligentEvalEvents(evalId: $evalId, afterSequence: $afterSequence) { sequence sessionId }
  }
`);

interface EventPosition { sequence: number; sessionId: string | null }

export function useRefetchOnEvents(evalId: string | undefined, refetch: () => void, sessionId?: string) {
  const requery = useCallback(async () => {
    refetch();
    return null;
  }, [refetch]);
  return useLiveStream<EventPosition>({
    start: evalId ? null : undefined,
    document: EvalEventPositions,
    variables: { evalId },
    cursorVariable: "afterSequence",
    pick: (data) => data.intelligentEvalEvents as EventPosition | undefined,
    positionOf: (event) => event.sequence,
    onItem: (event) => {
      if (!sessionId || event.sessionId === sessionId) refetch();
    },
    requery,
    enabled: !!evalId,
  });
}
