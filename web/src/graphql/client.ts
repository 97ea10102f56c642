/** One urql client (HTTP) and one graphql-ws client (subscriptions) per API key. */
import { Client as UrqlClient, cacheExchange, fetchExchange } from "@urql/core";
import { createClient as createWsClient, type Client as WsClient } from "graphql-ws";
import { print } from "@0no-co/graphql.web";
import type { DocumentNode } from "graphql";
import { joiningEarlyQuery } from "./earlyQuery";
import { apiErrorOf, type ApiError } from "./errors";
import { keyHeaders } from "./key";
import type { StreamSource } from "./resume";

export type SocketListener = (state: "connected" | "closed") => void;

export interface ApiClients {
  urql: UrqlClient;
  ws: WsClient;
  onSocket(listener: SocketListener): () => void;
  dispose(): void;
}

function websocketUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/graphql`;
}

let latest: { key: string | null; clients: ApiClients } | null = null;

/**
 * The clients for `key`, the same object for the same key: a route's loader (which runs before
 * React renders) can start a page's query on the clients the page will read it from.
 */
export function clientsFor(key: string | null): ApiClients {
  if (latest?.key !== key) latest = { key, clients: createApiClients(key) };
  return latest.clients;
}

export function createApiClients(key: string | null): ApiClients {
  const urql = new UrqlClient({
    url: "/graphql",
    exchanges: [cacheExchange, fetchExchange],
    fetchOptions: () => ({ headers: keyHeaders(key) }),
    // The editor's query may already be on its way (public/early-query.js): joined, not sent twice.
    fetch: joiningEarlyQuery(key),
    requestPolicy: "cache-and-network",
  });
  const listeners = new Set<SocketListener>();
  const ws = createWsClient({
    url: websocketUrl(),
    lazy: true,
    // Re-subscribing from a newer cursor drops the old subscription first; keep the socket
    // open meanwhile, or every resume would close it and count as another drop.
    lazyCloseTimeout: 30_000,
    connectionParams: () => keyHeaders(key),
    retryAttempts: Number.POSITIVE_INFINITY,
    // A rejected key (4403/4400) will not get better by retrying.
    shouldRetry: (event) => !(event instanceof CloseEvent && (event.code === 4403 || event.code === 4400)),
    retryWait: async () => new Promise((resolve) => setTimeout(resolve, 1000)),
    on: {
      connected: () => listeners.forEach((l) => l("connected")),
      closed: () => listeners.forEach((l) => l("closed")),
    },
  });
  return {
    urql,
    ws,
    onSocket(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      void ws.dispose();
    },
  };
}

/** A subscription document as a StreamSource: `cursorVariable` receives the cursor. */
export function subscriptionSource<T>(
  ws: WsClient,
  document: DocumentNode,
  variables: Record<string, unknown>,
  cursorVariable: string,
  pick: (data: Record<string, unknown>) => T | undefined,
): StreamSource<T> {
  const query = print(document);
  return {
    subscribe(cursor, sink) {
      return ws.subscribe<Record<string, unknown>>(
        { query, variables: { ...variables, [cursorVariable]: cursor } },
        {
          next(result) {
            if (result.errors?.length) {
              sink.error(apiErrorOf(result.errors[0]));
              return;
            }
            const item = result.data ? pick(result.data) : undefined;
            if (item !== undefined) sink.next(item);
          },
          error(error: unknown) {
            sink.error(socketError(error));
          },
          complete: () => sink.complete(),
        },
      );
    },
  };
}

function socketError(error: unknown): ApiError {
  if (Array.isArray(error) && error[0] && typeof error[0] === "object" && "message" in error[0]) {
    return apiErrorOf(error[0] as { message: string; extensions?: Record<string, unknown> });
  }
  if (error instanceof CloseEvent) {
    const code = error.code === 4403 ? "UNAUTHENTICATED" : "NETWORK";
    return { code, message: error.reason || `connection closed (${error.code})`, details: null };
  }
  return { code: "NETWORK", message: error instanceof Error ? error.message : "connection lost", details: null };
}
