/**
 * Loads the compared runs and the server's comparison of each against the base, in parallel
 * (one request per run: a run's outcomes are its own page), and again when the runs change.
 */
import type { ResultOf } from "gql.tada";
import { useEffect, useState } from "react";
import { useClient } from "urql";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { MatrixComparisonQuery, MatrixRunQuery } from "./queries";

export type MatrixRunData = NonNullable<ResultOf<typeof MatrixRunQuery>["run"]>;
export type MatrixComparison = ResultOf<typeof MatrixComparisonQuery>["compareRuns"];

export interface MatrixData {
  runs: MatrixRunData[];
  /** One per run; null for the base. */
  comparisons: (MatrixComparison | null)[];
}

export function useMatrixData(runIds: readonly string[]): { data: MatrixData | null; error: ApiError | null; missing: string[] } {
  const client = useClient();
  const [state, setState] = useState<{ key: string; data: MatrixData | null; error: ApiError | null; missing: string[] }>(
    { key: "", data: null, error: null, missing: [] });
  const key = runIds.join(",");
  useEffect(() => {
    if (runIds.length < 2) return;
    let live = true;
    void (async () => {
      const [runs, comparisons] = await Promise.all([
        Promise.all(runIds.map((id) => client.query(MatrixRunQuery, { id }, { requestPolicy: "network-only" }).toPromise())),
        Promise.all(runIds.slice(1).map((head) =>
          client.query(MatrixComparisonQuery, { base: runIds[0], head }, { requestPolicy: "network-only" }).toPromise())),
      ]);
      if (!live) return;
      const failed = [...runs, ...comparisons].find((r) => r.error);
      const missing = runIds.filter((_, i) => runs[i].data && !runs[i].data.run);
      setState({
        key, missing,
        error: failed?.error ? apiErrorFromCombined(failed.error) : null,
        data: failed || missing.length ? null : {
          runs: runs.map((r) => r.data!.run!),
          comparisons: [null, ...comparisons.map((c) => c.data!.compareRuns)],
        },
      });
    })();
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the ids
  }, [client, key]);
  return state.key === key ? state : { data: null, error: null, missing: [] };
}
