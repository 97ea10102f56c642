import { describe, expect, it } from "vitest";
import { completionSummary, confusionGrid, failingFirst, filterOutcomes, latencyHistogram, ruleReason, tagOptions, type OutcomeLike } from "./outcomes";

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

  it("names each turn a conversation metric cites, and flags an unverified quote", () => {
    const detail = { score: 0.5, min_score: 0.7, judged_turns: 2, rationale: "lost context",
      lapses: [{ turn_index: 1, quote: "我没太明白您的意思", reason: "forgot the return", verified: true },
        { turn_index: 1, quote: "made up", reason: "x", verified: false }] };
    expect(ruleReason({ detail, error: null })).toBe(
      'turn 1: "我没太明白您的意思" (forgot the return); turn 1: "made up" (quote not in the transcript) (x); lost context');
    const completeness = { score: 0.5, judged_turns: 4, intentions: [
      { intention: "预约维修", turn_index: 0, quote: "预约", met: true, verified: true },
      { intention: "周六上午上门", turn_index: 0, quote: "周六上午", met: false, verified: true }] };
    expect(ruleReason({ detail: completeness, error: null })).toBe('turn 0: 周六上午上门: "周六上午"');
  });

  it("gives a rule's reason from its error, its reason or its detail", () => {
    expect(ruleReason({ detail: {}, error: "judge down" })).toBe("judge down");
    expect(ruleReason({ detail: { reason: "no reply" }, error: null })).toBe("no reply");
    expect(ruleReason({ detail: { matched: [], missing: ["what time"], rule: { type: "keyword_match" } }, error: null }))
      .toBe('missing "what time"');
    expect(ruleReason({ detail: { expected: "refund", predicted: "repair" }, error: null })).toBe('expected "refund", got "repair"');
    expect(ruleReason({ detail: { latency_ms: 1200, max_ms: 1000 }, error: null })).toBe("1200 ms (max 1000 ms)");
    expect(ruleReason({ detail: { score: 0.2, rule: { type: "x" } }, error: null })).toBe('{"score":0.2}');
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
