import { describe, expect, it } from "vitest";
import { completionSummary, confusionGrid, failingFirst, filterOutcomes, latencyHistogram, tagOptions, type OutcomeLike } from "./outcomes";

const outcome = (caseKey: string, passed: boolean, successLevel: OutcomeLike["successLevel"], score: number,
  error: string | null = null): OutcomeLike => ({
  caseKey, attempt: 1, passed, successLevel, score, error,
  results: passed ? [] : [{ ruleType: "keyword_match", passed: false, detail: { reason: "missing" }, error: null }],
});

describe("run report outcomes", () => {
  it("puts errors, then failures, then partials before passing cases", () => {
    const list = [outcome("ok", true, "SUCCESS", 1), outcome("part", false, "PARTIAL", 0.6),
      outcome("fail", false, "FAILURE", 0.2), outcome("err", false, "FAILURE", 0, "timeout")];
    expect(failingFirst(list).map((o) => o.caseKey)).toEqual(["err", "fail", "part", "ok"]);
  });

  it("filters by tier and by a failing rule type", () => {
    const list = [outcome("ok", true, "SUCCESS", 1), outcome("fail", false, "FAILURE", 0.2)];
    expect(filterOutcomes(list, { tier: "SUCCESS", failingRule: null }).map((o) => o.caseKey)).toEqual(["ok"]);
    expect(filterOutcomes(list, { tier: null, failingRule: "keyword_match" }).map((o) => o.caseKey)).toEqual(["fail"]);
  });

  it("offers the scenario's tags, the loaded cases' tags and the chosen one, once each and sorted", () => {
    const loaded = [{ ...outcome("a", true, "SUCCESS", 1), tags: ["zh", "flaw-1"] }, { ...outcome("b", true, "SUCCESS", 1), tags: null }];
    expect(tagOptions([{ tags: ["en", "zh"] }, { tags: [] }], loaded, null)).toEqual(["en", "flaw-1", "zh"]);
    expect(tagOptions([], [], "gone")).toEqual(["gone"]);
  });


  it("reads task_completion slots and steps as collected of required", () => {
    const summary = completionSummary({
      mode: "hybrid", completion_rate: 0.5, min_completion_rate: 0.8,
      slots: [{ name: "phone", description: "phone number", filled: true, turn_index: 2, quote: "555", quote_verified: true },
        { name: "address", description: "where", filled: false, turn_index: null, quote: null }],
      steps: [{ name: "confirm", description: "confirms", done: true, turn_index: 3, quote: "booked", quote_verified: false, in_order: true }],
    });
    expect(summary).toMatchObject({ collected: 2, required: 3, rate: 0.5, minRate: 0.8 });
    expect(summary?.items[2]).toMatchObject({ kind: "step", done: true, verified: false, inOrder: true, turnIndex: 3 });
    expect(completionSummary({ reason: "x" })).toBeNull();
  });

  it("lays the confusion matrix out with zeros where nothing was counted", () => {
    const grid = confusionGrid([{ expected: "a", predicted: "a", count: 3 }, { expected: "b", predicted: "a", count: 1 }]);
    expect(grid).toEqual({ expected: ["a", "b"], predicted: ["a"], counts: [[3], [1]], max: 3 });
  });
});

describe("latency histogram", () => {
  it("bins known latencies from 0 to the slowest, leaving errors out", () => {
    const bins = latencyHistogram([0, 5, 9, 19, null], 2);
    expect(bins).toEqual([{ label: "0–10", count: 3 }, { label: "10–20", count: 1 }]);
    expect(latencyHistogram([null])).toEqual([]);
  });
});
