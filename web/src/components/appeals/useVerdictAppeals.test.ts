import { describe, expect, it } from "vitest";
import { appealOf, canAppeal, type VerdictAppeal } from "./useVerdictAppeals";

const appeal = (target: string, entryKey: string | null, status: string): VerdictAppeal => ({
  id: `${target}-${entryKey}-${status}`, target, entryKey, queueId: "q", status, overturned: null, reason: "r",
  appealedBy: "o (1)", appealedAt: "2026-12-06T10:00:00Z", decidedBy: null, decidedAt: null,
});

describe("appeals on a page", () => {
  it("finds the newest appeal of the whole verdict apart from a rule result's", () => {
    const newestFirst = [appeal("case:a#0", "rule:0", "OPEN"), appeal("case:a#0", null, "OPEN"), appeal("case:a#0", null, "DECIDED")];
    expect(appealOf(newestFirst, "case:a#0", null)?.status).toBe("OPEN");
    expect(appealOf(newestFirst, "case:a#0", "rule:0")?.entryKey).toBe("rule:0");
    expect(appealOf(newestFirst, "case:a#0", "rule:1")).toBeNull();
    expect(appealOf(newestFirst, "case:b#0", null)).toBeNull();
  });

  it("offers appeals to OPERATOR and ADMIN keys only", () => {
    expect(["ADMIN", "OPERATOR", "REVIEWER", "VIEWER", "AGENT", undefined].map(canAppeal)).toEqual([true, true, false, false, false, false]);
  });
});
