/** React glue for resumableStream: subscribe after the query, resume after drops. */
import { useEffect, useRef, useState } from "react";
import type { DocumentNode } from "graphql";
import { useApi } from "./ApiProvider";
import { subscriptionSource } from "./client";
import type { ApiError } from "./errors";
import { resumableStream, type StreamState } from "./resume";

interface LiveOptions<T> {
  /** Null until the first query answered: nothing is subscribed before that. */
  start: number | null | undefined;
  document: DocumentNode;
  variables: Record<string, unknown>;
  cursorVariable: string;
  pick(data: Record<string, unknown>): T | undefined;
  positionOf(item: T): number;
  onItem(item: T): void;
  /** Re-query; resolves to the last position the fresh result holds. */
  requery(): Promise<number | null>;
  enabled?: boolean;
}

export function useLiveStream<T>(options: LiveOptions<T>): { state: StreamState; error: ApiError | null } {
  const { clients, socket } = useApi();
  const [state, setState] = useState<StreamState>("connecting");
  const [error, setError] = useState<ApiError | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const ready = options.start !== undefined && options.enabled !== false;
  const variablesKey = JSON.stringify(options.variables);
  const streamRef = useRef<ReturnType<typeof resumableStream<T>> | null>(null);

  useEffect(() => {
    if (!ready) return undefined;
    const source = subscriptionSource<T>(
      clients.ws, latest.current.document, JSON.parse(variablesKey) as Record<string, unknown>,
      latest.current.cursorVariable, (data) => latest.current.pick(data),
    );
    const stream = resumableStream<T>(latest.current.start ?? null, {
      source,
      positionOf: (item) => latest.current.positionOf(item),
      onItem: (item) => latest.current.onItem(item),
      requery: () => latest.current.requery(),
      onState: (next, failure) => {
        setState(next);
        setError(failure ?? null);
      },
    });
    streamRef.current = stream;
    return () => {
      stream.stop();
      streamRef.current = null;
    };
  }, [clients, ready, variablesKey]);

  // graphql-ws reconnects by itself; when it is back, re-query and resume from our cursor.
  const wasDown = useRef(false);
  useEffect(() => {
    if (socket === "reconnecting") {
      wasDown.current = true;
    } else if (socket === "connected" && wasDown.current) {
      wasDown.current = false;
      streamRef.current?.reconnect();
    }
  }, [socket]);

  // While the socket is down the stream is reconnecting, whatever it last reported.
  return { state: socket === "reconnecting" && state !== "failed" ? "reconnecting" : state, error };
}
