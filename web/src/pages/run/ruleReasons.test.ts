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
});
