import { describe, expect, it } from "vitest";
import { buildMatrix, counts, matches, replyDiffers, runIdsFrom, withBase, type MatrixOutcome, type Tier } from "./matrix";

const outcome = (caseKey: string, successLevel: Tier, attempt = 0, reply = "ok"): MatrixOutcome => ({
  caseKey, attempt, successLevel, passed: successLevel !== "FAILURE", score: successLevel === "SUCCESS" ? 1 : successLevel === "PARTIAL" ? 0.5 : 0,
  turns: [{ index: 0, sentMessage: "hi", reply, error: null }], results: [],
});

describe("compare matrix", () => {
  const runs = [
    { id: "base", outcomes: [outcome("a", "SUCCESS"), outcome("b", "FAILURE"), outcome("c", "PARTIAL"), outcome("d", "SUCCESS", 0), outcome("d", "FAILURE", 1)] },
    { id: "two", outcomes: [outcome("a", "FAILURE", 0, "no"), outcome("b", "SUCCESS"), outcome("c", "PARTIAL")] },
    { id: "three", outcomes: [outcome("a", "SUCCESS"), outcome("b", "SUCCESS"), outcome("c", "PARTIAL"), outcome("e", "SUCCESS")] },
  ];

  it("puts regressions first and says per run how each case moved", () => {
    const rows = buildMatrix(runs);
    expect(rows.map((r) => r.caseKey)).toEqual(["a", "b", "d", "c", "e"]);
    const a = rows[0];
    expect(a.moves).toEqual([null, "regressed", "unchanged"]);
    expect(a.regressed && !a.unchanged).toBe(true);
    expect(rows[1].moves).toEqual([null, "improved", "improved"]);
    expect(rows.find((r) => r.caseKey === "c")!.unchanged).toBe(true);
    // A case missing from the base is neither moved nor unchanged.
    expect(rows.find((r) => r.caseKey === "e")!.moves).toEqual([null, null, null]);
  });

  it("folds attempts into one cell and marks a case whose attempts disagree as flaky", () => {
    const d = buildMatrix(runs).find((r) => r.caseKey === "d")!;
    expect(d.cells[0]).toMatchObject({ tier: "FAILURE", passed: 1, flaky: true, score: 0.5 });
    expect(d.flaky && !d.unchanged).toBe(true);
  });

  it("filters and counts by change", () => {
    const rows = buildMatrix(runs);
    expect(counts(rows)).toEqual({ all: 5, regressed: 1, improved: 1, unchanged: 1, flaky: 1 });
    expect(rows.filter((r) => matches(r, "improved")).map((r) => r.caseKey)).toEqual(["b"]);
  });

  it("marks replies that differ from the base's at the same turn", () => {
    const a = buildMatrix(runs)[0];
    expect(replyDiffers(a.cells[0], a.cells[1], 0)).toBe(true);
    expect(replyDiffers(a.cells[0], a.cells[2], 0)).toBe(false);
  });

  it("reads the runs from the address and swaps the base", () => {
    expect(runIdsFrom(new URLSearchParams("runs=a,b,a,c"))).toEqual(["a", "b", "c"]);
    expect(runIdsFrom(new URLSearchParams("base=x&head=y"))).toEqual(["x", "y"]);
    expect(runIdsFrom(new URLSearchParams(`runs=${Array.from({ length: 12 }, (_, i) => i).join(",")}`))).toHaveLength(10);
    expect(withBase(["a", "b", "c"], "c")).toEqual(["c", "a", "b"]);
  });
});
