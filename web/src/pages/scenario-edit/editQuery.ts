/**
 * The editor's query, started by the route's loader (App.tsx) while the app boots.
 *
 * Opened by its address, the editor's chunk and the app's first render took ~0.3 s before its
 * `useQuery` sent the query (bench/editor_budget.mjs, BENCH_VERBOSE=1); the loader runs when the
 * router starts, before React renders, and sends it on the clients the page reads from
 * (`clientsFor`), so the page gets that answer instead of sending a second request.
 */
import { clientsFor } from "../../graphql/client";
import { graphql } from "../../graphql/graphql";
import { readKey } from "../../graphql/key";

export const EditQuery = graphql(`
  query ScenarioEdit($id: ID!) {
    ruleTypes { name description paramsSchema modelRole }
    modelConfigs { role }
    scenario(id: $id) {
      id name description
      casesJson
    }
  }
`);

/**
 * Start the editor's query for `scenarioId` now (the route's loader, on each arrival). The loader's
 * answer is whether it did: the page then asks "cache-first", which joins the request in flight or
 * reads its answer. Not started (the page asks "network-only" as before) for a new scenario, without
 * a key, or when an earlier answer for this scenario is cached: "cache-first" would show that one.
 */
export function prefetchScenarioEdit(scenarioId: string | undefined, isNew: boolean): boolean {
  const key = readKey(window.localStorage);
  if (!scenarioId || isNew || !key) return false;
  const client = clientsFor(key).urql;
  const variables = { id: scenarioId };
  if (client.readQuery(EditQuery, variables, { requestPolicy: "cache-only" })?.data) return false;
  void client.query(EditQuery, variables, { requestPolicy: "network-only" }).toPromise();
  return true;
}
