/**
 * A run's progress, live: `runProgress` sends the current state first, then each change,
 * and ends after the terminal state. After a dropped socket it is simply subscribed again.
 */
import { print } from "@0no-co/graphql.web";
import { useEffect, useState } from "react";
import { useApi } from "../../graphql/ApiProvider";
import { apiErrorOf, type ApiError } from "../../graphql/errors";
import { readFragment, type ResultOf } from "../../graphql/graphql";
import { ProgressFields, RunProgressSubscription } from "./queries";

export type RunProgress = ResultOf<typeof ProgressFields>;

import { TERMINAL_STATUSES as TERMINAL } from "../../components/status/terminal";

export { TERMINAL };

export function useRunProgress(runId: string, initial: RunProgress): { progress: RunProgress; error: ApiError | null } {
  const { clients, socket } = useApi();
  const [live, setLive] = useState<RunProgress | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const progress = live ?? initial;
  const finished = TERMINAL.has(progress.status);
  const connected = socket !== "reconnecting";

  useEffect(() => {
    if (finished || !connected) return undefined;
    return clients.ws.subscribe<ResultOf<typeof RunProgressSubscription>>(
      { query: print(RunProgressSubscription), variables: { runId } },
      {
        next(result) {
          if (result.errors?.length) setError(apiErrorOf(result.errors[0]));
          else if (result.data) setLive(readFragment(ProgressFields, result.data.runProgress));
        },
        error(failure) {
          setError({ code: "NETWORK", message: failure instanceof Error ? failure.message : String(failure), details: null });
        },
        complete() {},
      },
    );
  }, [clients, runId, finished, connected]);

  return { progress, error };
}
