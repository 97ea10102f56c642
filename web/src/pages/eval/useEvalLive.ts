/** The eval queried once, its events streamed from the last sequence; a new event re-reads the eval. */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useClient, useQuery } from "urql";
import { readFragment, type ResultOf } from "../../graphql/graphql";
import { lastPosition } from "../../graphql/resume";
import { useLastData } from "../../graphql/useLastData";
import { useLiveStream } from "../../graphql/useLiveStream";
import { EvalEventsSubscription, EvalQuery, EventFields } from "./queries";

export type EvalEvent = ResultOf<typeof EventFields>;

export function useEvalLive(evalId: string) {
  const client = useClient();
  const [result, reexecute] = useQuery({ query: EvalQuery, variables: { id: evalId }, requestPolicy: "network-only" });
  const data = useLastData(result.data);
  const [streamed, setStreamed] = useState<EvalEvent[]>([]);
  const timer = useRef<number | null>(null);

  const queried = useMemo(
    () => data?.intelligentEval?.events.edges.map((e) => readFragment(EventFields, e.node)) ?? [],
    [data],
  );
  const start = data ? lastPosition(queried.map((e) => e.sequence)) : undefined;

  const refresh = useCallback(() => {
    if (timer.current !== null) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      reexecute({ requestPolicy: "network-only" });
    }, 300);
  }, [reexecute]);
  useEffect(() => () => { if (timer.current !== null) window.clearTimeout(timer.current); }, []);

  const requery = useCallback(async () => {
    const fresh = await client.query(EvalQuery, { id: evalId }, { requestPolicy: "network-only" }).toPromise();
    if (fresh.error || !fresh.data) throw fresh.error ?? new Error("no data");
    reexecute({ requestPolicy: "cache-first" });
    const events = fresh.data.intelligentEval?.events.edges.map((e) => readFragment(EventFields, e.node).sequence) ?? [];
    return lastPosition(events);
  }, [client, evalId, reexecute]);

  const live = useLiveStream<EvalEvent>({
    start: start === undefined ? undefined : start,
    document: EvalEventsSubscription,
    variables: { evalId },
    cursorVariable: "afterSequence",
    pick: (data) => data.intelligentEvalEvents as EvalEvent | undefined,
    positionOf: (event) => event.sequence,
    onItem: (event) => {
      setStreamed((list) => [...list, event]);
      refresh();
    },
    requery,
    enabled: !!data?.intelligentEval,
  });

  const events = useMemo(() => {
    const bySequence = new Map<number, EvalEvent>();
    for (const event of [...queried, ...streamed]) bySequence.set(event.sequence, event);
    return [...bySequence.values()].sort((a, b) => a.sequence - b.sequence);
  }, [queried, streamed]);

  return { result, data, events, live, refresh };
}
