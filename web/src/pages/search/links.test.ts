import { describe, expect, it } from "vitest";
import { hitLink, kindsOf } from "./links";

describe("hitLink", () => {
  it("opens a session at its turn, counted from 1", () => {
    expect(hitLink({ kind: "SESSION", ownerId: "e1", conversationId: "s1", turnIndex: 2 })).toBe("/evals/e1/sessions/s1#turn-3");
  });
  it("opens a run's report, a log, and a monitored conversation", () => {
    expect(hitLink({ kind: "RUN", ownerId: "r1", conversationId: "o1", turnIndex: 0 })).toBe("/runs/r1");
    expect(hitLink({ kind: "IMPORTED", ownerId: "set", conversationId: "set:4", turnIndex: 0 })).toBe("/logs/set");
    expect(hitLink({ kind: "MONITORED", ownerId: "c", conversationId: "c", turnIndex: 0 })).toBe("/monitoring/conversations/c");
  });
  it("escapes ids that are not plain", () => {
    expect(hitLink({ kind: "RUN", ownerId: "a/b", conversationId: "x", turnIndex: 0 })).toBe("/runs/a%2Fb");
  });
});

describe("kindsOf", () => {
  it("narrows to one kind or none", () => {
    expect(kindsOf("RUN")).toEqual(["RUN"]);
    expect(kindsOf(null)).toBeNull();
    expect(kindsOf("ALL")).toBeNull();
  });
});
