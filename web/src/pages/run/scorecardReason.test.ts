import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { zh } from "../../i18n/zh";
import type { JsonValue } from "../../graphql/graphql";
import { ruleReasonIn } from "./ruleReasons";

async function translator(language: "en" | "zh") {
  const instance = i18next.createInstance();
  await instance.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: language, interpolation: { escapeValue: false } });
  return instance.t;
}

const result: { error: null; detail: JsonValue } = { error: null, detail: {
  scorecard: "mia-qa@1", total: 0, raw_total: 82, grade: "不合格", passed: false, vetoes: ["refund_promise"],
  items: [
    { item: "greeting", status: "hit", points: -5, evidence: [{ turn_index: 0, role: "bot", quote: "好的" }] },
    { item: "refund_promise", status: "hit", points: -100, critical: true, evidence: [{ turn_index: 1, role: "bot", quote: "我保证" }] },
    { item: "closing", status: "no_hit", points: 0, evidence: [] },
  ] } };

describe("a scorecard result on the run page", () => {
  it("names the total, the veto and each hit at its turn, in English and Chinese", async () => {
    expect(ruleReasonIn(result, await translator("en"))).toBe(
      "mia-qa@1: total 0, grade 不合格; Vetoed by refund_promise; greeting -5 at turn 1; refund_promise -100 at turn 2");
    expect(ruleReasonIn(result, await translator("zh"))).toBe(
      "mia-qa@1：总分 0，等级 不合格; 被 refund_promise 一票否决; greeting -5（第 1 轮）; refund_promise -100（第 2 轮）");
  });
});
