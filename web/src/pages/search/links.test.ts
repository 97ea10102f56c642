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
  it("opens a run at its case, attempt and turn, and a monitored conversation at its message", () => {
    expect(hitLink({ kind: "RUN", ownerId: "r1", conversationId: "o1", turnIndex: 1, caseKey: "booking 1", attempt: 0 }))
      .toBe("/runs/r1?case=booking%201&turn=2");
    expect(hitLink({ kind: "RUN", ownerId: "r1", conversationId: "o1", turnIndex: 0, caseKey: "b", attempt: 2 }))
      .toBe("/runs/r1?case=b&attempt=2&turn=1");
    expect(hitLink({ kind: "MONITORED", ownerId: "c", conversationId: "c", turnIndex: 0, messageKey: "m 1#x" }))
      .toBe("/monitoring/conversations/c#message-m%201%23x");
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
