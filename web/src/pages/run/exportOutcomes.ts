/** A run's outcomes for export: every page of `outcomes`, with the API's fields (OutcomeFields). */
import type { Client } from "urql";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { readFragment, type ResultOf } from "../../graphql/graphql";
import type { ExportRow } from "../../components/files/tableExport";
import { OutcomeFields, RunOutcomesExportQuery } from "./queries";

export async function loadAllOutcomes(client: Client, runId: string): Promise<ExportRow[] | ApiError> {
  const rows: ExportRow[] = [];
  let after: string | null = null;
  for (;;) {
    const answer: { data?: ResultOf<typeof RunOutcomesExportQuery>; error?: Parameters<typeof apiErrorFromCombined>[0] } = await client.query(RunOutcomesExportQuery, { id: runId, after }, { requestPolicy: "network-only" }).toPromise();
    if (answer.error) return apiErrorFromCombined(answer.error);
    const page = answer.data?.run?.outcomes;
    if (!page) return rows;
    for (const edge of page.edges) rows.push(readFragment(OutcomeFields, edge.node) as unknown as ExportRow);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return rows;
    after = page.pageInfo.endCursor;
  }
}
