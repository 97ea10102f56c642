/**
 * A query public/early-query.js sent while the app's scripts loaded, joined by the app's own
 * identical request: urql's client fetches through `joiningEarlyQuery`, which answers the first
 * GET with the same query text, operation, variables and key with that response (once) instead of
 * asking the server again. Any other request, or one that differs in anything, goes to the network.
 */

export interface EarlyQuery {
  query: string;
  operationName: string;
  variables: string;
  key: string;
  response: Promise<Response>;
}

export interface EarlyQueryHolder {
  agentevalEarlyQuery?: EarlyQuery;
}

function sameRequest(early: EarlyQuery, url: string, key: string | null): boolean {
  if (key !== early.key) return false;
  const search = new URL(url, "http://early.invalid").searchParams;
  return search.get("query") === early.query
    && search.get("operationName") === early.operationName
    && search.get("variables") === early.variables;
}

/** The fetch for the client with `key`; `holder` is where the early script left its request. */
export function joiningEarlyQuery(key: string | null, holder: EarlyQueryHolder = globalThis as EarlyQueryHolder): typeof fetch {
  return (input, init) => {
    const early = holder.agentevalEarlyQuery;
    if (early && (init?.method ?? "GET") === "GET" && typeof input === "string" && sameRequest(early, input, key)) {
      holder.agentevalEarlyQuery = undefined;
      // A network failure of the early request is asked again, as if it had not been sent.
      return early.response.catch(() => globalThis.fetch(input, init));
    }
    return globalThis.fetch(input, init);
  };
}
