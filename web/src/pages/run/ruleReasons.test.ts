import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { zh } from "../../i18n/zh";
import { ruleReasonIn } from "./ruleReasons";

async function translator(language: "en" | "zh") {
  const instance = i18next.createInstance();
  await instance.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: language, interpolation: { escapeValue: false } });
  return instance.t;
}

describe("rule reasons in the UI's language", () => {
  const keywords = { detail: { mode: "any", matched: [], missing: ["policy"], rule: { params: { keywords: ["policy"] } } }, error: null };
  const latency = { detail: { latency_ms: 2400, max_ms: 2000 }, error: null };
  const completion = { detail: { completion_rate: 0.5, slots: [{ name: "phone", filled: true }, { name: "address", filled: false }] }, error: null };

  it("says in English what the rule expected and got, as the server's report does", async () => {
    const t = await translator("en");
    expect(ruleReasonIn(keywords, t)).toBe('expected any of "policy"; matched (none), missing "policy"');
    expect(ruleReasonIn(latency, t)).toBe("expected a reply within 2000 ms; got 2400 ms");
    expect(ruleReasonIn(completion, t)).toBe("task completion 0.50; not done: address");
    expect(ruleReasonIn({ detail: { reason: "no reply" }, error: null }, t)).toBe("no reply");
    expect(ruleReasonIn({ detail: { score: 0.2, rule: { type: "x" } }, error: null }, t)).toBe('{"score":0.2}');
  });

  it("says the same in Chinese", async () => {
    const t = await translator("zh");
    expect(ruleReasonIn(keywords, t)).toBe('期望包含 "policy" 中任意一个；命中 （无），缺少 "policy"');
    expect(ruleReasonIn(latency, t)).toBe("期望在 2000 毫秒内回复，实际 2400 毫秒");
    expect(ruleReasonIn(completion, t)).toBe("任务完成度 0.50；未完成：address");
    expect(ruleReasonIn({ detail: null, error: "judge unreachable" }, t)).toBe("无法执行：judge unreachable");
  });

  it("says what a passed check found, never the failure's \"it does not\"", async () => {
    const contained = { detail: { matched: ["预约成功"], missing: [] }, error: null };
    const allKeywords = { detail: { mode: "all", matched: ["138"], missing: [], rule: { params: { keywords: ["138"] } } }, error: null };
    const [en, zh] = [await translator("en"), await translator("zh")];
    expect(ruleReasonIn(contained, en)).toBe('the last reply contains "预约成功"');
    expect(ruleReasonIn(contained, zh)).toBe('最后一条回复包含 "预约成功"');
    expect(ruleReasonIn(allKeywords, zh)).toBe('期望包含全部 "138"；命中 "138"，缺少 （无）');
  });

  it("names each turn a conversation metric cites, from 1, and flags an unverified quote", async () => {
    const detail = { score: 0.5, min_score: 0.7, judged_turns: 2, rationale: "lost context",
      lapses: [{ turn_index: 1, quote: "我没太明白您的意思", reason: "forgot the return", verified: true },
        { turn_index: 1, quote: "made up", reason: "x", verified: false }] };
    expect(ruleReasonIn({ detail, error: null }, await translator("en"))).toBe(
      'score 0.50 (expected ≥ 0.7); turn 2: "我没太明白您的意思" (forgot the return); turn 2: "made up" (quote not in the transcript) (x)');
    const completeness = { score: 0.5, judged_turns: 4, intentions: [
      { intention: "预约维修", turn_index: 0, quote: "预约", met: true, verified: true },
      { intention: "周六上午上门", turn_index: 0, quote: "周六上午", met: false, verified: true }] };
    expect(ruleReasonIn({ detail: completeness, error: null }, await translator("zh"))).toBe('第 1 轮：周六上午上门: "周六上午"');
  });
});
