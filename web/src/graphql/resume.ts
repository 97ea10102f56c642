/**
 * Query first, then subscribe from the last cursor; on a resync error or a dropped
 * socket, re-query and re-subscribe from the cursor reached. Plain functions so the
 * rules are tested without a browser.
 */
import type { ApiError } from "./errors";

/** Remembers the highest cursor seen; items at or below it are duplicates of a replay. */
export class Cursor {
  private last: number | null;

  constructor(start: number | null = null) {
    this.last = start;
  }

  get value(): number | null {
    return this.last;
  }

  /** Advance to the item's cursor; false when the item was already seen. */
  accept(position: number): boolean {
    if (this.last !== null && position <= this.last) return false;
    this.last = position;
    return true;
  }

  /** A fresh query may know more than the stream did (never move backwards). */
  catchUp(position: number | null): void {
    if (position !== null && (this.last === null || position > this.last)) this.last = position;
  }
}

/** The highest `sequence` (events) or `index` (messages) in a queried list, or null. */
export function lastPosition(positions: readonly number[]): number | null {
  return positions.length ? Math.max(...positions) : null;
}

/** A stream error that says: you fell behind, query again and re-subscribe. */
export function isResync(error: ApiError): boolean {
  if (error.code !== "RATE_LIMITED") return false;
  const details = error.details;
  return !!details && typeof details === "object" && !Array.isArray(details) && details.resync === true;
}

export type StreamState = "connecting" | "live" | "reconnecting" | "failed";

export interface StreamSource<T> {
  /** Start a subscription after `cursor`; returns a function that stops it. */
  subscribe(
    cursor: number | null,
    sink: { next(item: T): void; error(error: ApiError): void; complete(): void },
  ): () => void;
}

export interface ResumableOptions<T> {
  source: StreamSource<T>;
  positionOf(item: T): number;
  onItem(item: T): void;
  /** Re-query: returns the latest position the query saw (items up to it are in the page). */
  requery(): Promise<number | null>;
  onState(state: StreamState, error?: ApiError): void;
  /** How long to wait before re-subscribing after a drop (ms). */
  retryDelay?: number;
  schedule?: (fn: () => void, ms: number) => unknown;
}

/**
 * Keeps one subscription alive from `start`. Returns `stop` and `reconnect` (call
 * `reconnect` when the socket came back: the stream re-queries, then resumes).
 */
export function resumableStream<T>(start: number | null, options: ResumableOptions<T>) {
  const cursor = new Cursor(start);
  const schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms));
  let stopCurrent: (() => void) | null = null;
  let stopped = false;
  let generation = 0;

  const open = () => {
    if (stopped) return;
    const mine = ++generation;
    stopCurrent?.();
    options.onState("live");
    stopCurrent = options.source.subscribe(cursor.value, {
      next(item) {
        if (mine !== generation) return;
        if (cursor.accept(options.positionOf(item))) options.onItem(item);
      },
      error(error) {
        if (mine !== generation) return;
        if (isResync(error) || error.code === "NETWORK") {
          resume();
        } else {
          options.onState("failed", error);
        }
      },
      complete() {
        // The server ends a stream only when it shuts down: treat it as a drop.
        if (mine === generation && !stopped) resume();
      },
    });
  };

  const resume = () => {
    if (stopped) return;
    generation++;
    stopCurrent?.();
    stopCurrent = null;
    options.onState("reconnecting");
    schedule(() => {
      if (stopped) return;
      options.requery().then(
        (position) => {
          cursor.catchUp(position);
          open();
        },
        () => resume(),
      );
    }, options.retryDelay ?? 1000);
  };

  open();
  return {
    cursor,
    stop() {
      stopped = true;
      generation++;
      stopCurrent?.();
    },
    reconnect: resume,
  };
}
