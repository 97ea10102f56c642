/**
 * A list that follows runs and evals starting and ending: one `activityChanges` subscription
 * for the page (never one per row), and the page's query re-asked once for a burst of changes
 * (debounced). The subscription replays nothing: its first message (no ids) says every later
 * change will be sent, and the page re-asks then, covering what changed since its first
 * query; it also re-asks when the socket comes back after a drop and when the window gets
 * focus (a laptop that slept).
 */
import { print } from "@0no-co/graphql.web";
import { useEffect, useRef } from "react";
import { useApi } from "./ApiProvider";
import { graphql, type ResultOf } from "./graphql";

const ActivityChanges = graphql(`
  subscription ActivityChanges { activityChanges { runIds evalIds } }
`);

export interface ActivityInterest {
  runs?: boolean;
  evals?: boolean;
}

export const ACTIVITY_DEBOUNCE_MS = 300;

export function useLiveActivity(refetch: () => void, interest: ActivityInterest): void {
  const { clients, socket } = useApi();
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  const connected = socket !== "reconnecting";
  const { runs = false, evals = false } = interest;

  useEffect(() => {
    if (!connected) return undefined;
    let timer: number | undefined;
    let live = false;
    const soon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current(), ACTIVITY_DEBOUNCE_MS);
    };
    const stop = clients.ws.subscribe<ResultOf<typeof ActivityChanges>>(
      { query: print(ActivityChanges) },
      {
        next(result) {
          const changed = result.data?.activityChanges;
          if (changed && !live) {
            live = true;
            soon();
            return;
          }
          if (changed && ((runs && changed.runIds.length > 0) || (evals && changed.evalIds.length > 0))) soon();
        },
        error() {}, // the socket's own state (ApiProvider) says the page is offline
        complete() {},
      },
    );
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [clients, connected, runs, evals]);

  // Back after a drop: what changed meanwhile was not sent.
  const wasDown = useRef(false);
  useEffect(() => {
    if (socket === "reconnecting") wasDown.current = true;
    else if (socket === "connected" && wasDown.current) {
      wasDown.current = false;
      latest.current();
    }
  }, [socket]);

  useEffect(() => {
    const onFocus = () => latest.current();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, []);
}
