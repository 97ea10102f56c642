import { describe, expect, it } from "vitest";
import { Cursor, isResync, lastPosition, resumableStream, type StreamSource } from "./resume";
import type { ApiError } from "./errors";

type Sink = Parameters<StreamSource<number>["subscribe"]>[1];

function fakeSource() {
  const calls: { cursor: number | null; sink: Sink; stopped: boolean }[] = [];
  const source: StreamSource<number> = {
    subscribe(cursor, sink) {
      const call = { cursor, sink, stopped: false };
      calls.push(call);
      return () => {
        call.stopped = true;
      };
    },
  };
  return { source, calls };
}

const immediately = (fn: () => void) => fn();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("Cursor", () => {
  it("skips items a replay sends again and never moves back", () => {
    const cursor = new Cursor(3);
    expect(cursor.accept(3)).toBe(false);
    expect(cursor.accept(4)).toBe(true);
    cursor.catchUp(2);
    expect(cursor.value).toBe(4);
    cursor.catchUp(9);
    expect(cursor.value).toBe(9);
  });

  it("starts from the last position a query returned", () => {
    expect(lastPosition([])).toBeNull();
    expect(lastPosition([1, 5, 2])).toBe(5);
  });
});

describe("isResync", () => {
  const error = (code: string, details: ApiError["details"]): ApiError => ({ code, message: "m", details });
  it("is true only for RATE_LIMITED with resync", () => {
    expect(isResync(error("RATE_LIMITED", { resync: true }))).toBe(true);
    expect(isResync(error("RATE_LIMITED", null))).toBe(false);
    expect(isResync(error("FORBIDDEN", { resync: true }))).toBe(false);
  });
});

describe("resumableStream", () => {
  it("subscribes from the queried cursor and delivers each item once", () => {
    const { source, calls } = fakeSource();
    const items: number[] = [];
    resumableStream(2, {
      source, positionOf: (n) => n, onItem: (n) => items.push(n),
      requery: async () => null, onState: () => {}, schedule: immediately,
    });
    expect(calls[0].cursor).toBe(2);
    calls[0].sink.next(2);
    calls[0].sink.next(3);
    calls[0].sink.next(3);
    expect(items).toEqual([3]);
  });

  it("on a resync error re-queries, then re-subscribes from the newer cursor", async () => {
    const { source, calls } = fakeSource();
    const states: string[] = [];
    resumableStream(1, {
      source, positionOf: (n) => n, onItem: () => {},
      requery: async () => 7, onState: (s) => states.push(s), schedule: immediately,
    });
    calls[0].sink.next(2);
    calls[0].sink.error({ code: "RATE_LIMITED", message: "behind", details: { resync: true } });
    await flush();
    expect(calls[0].stopped).toBe(true);
    expect(calls[1].cursor).toBe(7);
    expect(states).toEqual(["live", "reconnecting", "live"]);
  });

  it("after a dropped socket resumes from the last item it received", async () => {
    const { source, calls } = fakeSource();
    const stream = resumableStream(null, {
      source, positionOf: (n) => n, onItem: () => {},
      requery: async () => null, onState: () => {}, schedule: immediately,
    });
    calls[0].sink.next(4);
    stream.reconnect();
    await flush();
    expect(calls[1].cursor).toBe(4);
    calls[0].sink.next(5); // a late item on the old subscription is ignored
    expect(stream.cursor.value).toBe(4);
  });

  it("reports other errors and stops", () => {
    const { source, calls } = fakeSource();
    const states: string[] = [];
    resumableStream(null, {
      source, positionOf: (n) => n, onItem: () => {},
      requery: async () => null, onState: (s) => states.push(s), schedule: immediately,
    });
    calls[0].sink.error({ code: "FORBIDDEN", message: "no", details: null });
    expect(states).toEqual(["live", "failed"]);
    expect(calls).toHaveLength(1);
  });
});
