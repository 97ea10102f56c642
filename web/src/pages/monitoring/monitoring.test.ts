import { describe, expect, it } from "vitest";
import { dialogTurns, turnFromSearch } from "./dialogTurns";
import { dayOf, filterChoices, filterHits, hitsOf, tagsOf } from "./hits";
import { alertMarkers, rateText, trendPoints } from "./trend";

const message = (role: string, content: string, position: number) => ({ role, content, position, sentAt: "2026-12-06T07:00:00Z" });

describe("dialog turns", () => {
  it("start at each user message and keep the replies and tools after it", () => {
    const turns = dialogTurns([message("user", "hi", 0), message("assistant", "hello", 1), message("tool", "{}", 2),
      message("assistant", "done", 3), message("user", "bye", 4)]);
    expect(turns.map((t) => [t.index, t.messages.map((m) => m.content)])).toEqual([[0, ["hi", "hello", "{}", "done"]], [1, ["bye"]]]);
  });
  it("open a turn for a conversation that starts with the bot", () => {
    expect(dialogTurns([message("assistant", "welcome", 0), message("user", "hi", 1)]).map((t) => t.messages.length)).toEqual([1, 1]);
  });
  it("read the alert link's turn", () => {
    expect(turnFromSearch("?turn=3")).toBe(3);
    expect(turnFromSearch("?turn=x")).toBeNull();
    expect(turnFromSearch("")).toBeNull();
  });
});

describe("hits", () => {
  const redLine = { id: "h1", conversationId: "c1", ruleType: "personal_data_leak", turn: 1, quote: "[PHONE#1]", createdAt: "2026-12-05T10:00:00Z" };
  const verdict = (version: number, results: unknown[]) => ({
    conversationId: "c2", version, status: "JUDGED", judgedAt: `2026-12-06T0${version}:00:00Z`, results: results as never,
  });

  it("list red lines and the rules failed at close of each conversation's latest version, newest first", () => {
    const hits = hitsOf([redLine], [
      verdict(1, [{ ruleType: "keyword_match", status: "failed", detail: {} }]),
      verdict(2, [{ ruleType: "keyword_match", status: "passed", detail: {} },
        { ruleType: "commitment_phrases", status: "failed", detail: { findings: [{ turn_index: 2, quote: "we guarantee" }] } },
        { ruleType: "llm_score", status: "error", detail: {} }]),
    ]);
    expect(hits.map((h) => [h.ruleType, h.turn, h.quote, h.kind])).toEqual([
      ["commitment_phrases", 2, "we guarantee", "atClose"], ["personal_data_leak", 1, "[PHONE#1]", "redLine"],
    ]);
  });

  it("filter by rule, tag and day, offering only what the hits hold", () => {
    const hits = hitsOf([redLine, { ...redLine, id: "h2", conversationId: "c3", ruleType: "commitment_phrases", createdAt: "2026-12-06T10:00:00Z" }], []);
    const tags = new Map([["c1", tagsOf({ channel: "app", tags: ["vip"], nested: { a: 1 } })], ["c3", tagsOf({ channel: ["web"] })]]);
    expect(tags.get("c1")).toEqual(["channel=app", "vip"]);
    expect(filterHits(hits, { rule: null, tag: "vip", day: null }, tags).map((h) => h.key)).toEqual(["h1"]);
    expect(filterHits(hits, { rule: "commitment_phrases", tag: null, day: null }, tags).map((h) => h.key)).toEqual(["h2"]);
    expect(filterHits(hits, { rule: null, tag: null, day: dayOf(redLine.createdAt) }, tags).map((h) => h.key)).toEqual(["h1"]);
    expect(filterChoices(hits, tags)).toEqual({
      rules: ["commitment_phrases", "personal_data_leak"], tags: ["channel=app", "channel=web", "vip"],
      days: [dayOf("2026-12-06T10:00:00Z"), dayOf(redLine.createdAt)],
    });
  });
});

describe("trend", () => {
  const rate = (value: number | null, low: number | null = null, high: number | null = null) => ({ successes: 0, total: value === null ? 0 : 10, value, low, high });
  const windows = [
    { start: "2026-12-06T05:00:00Z", end: "2026-12-06T06:00:00Z", volume: 0, passRate: rate(null) },
    { start: "2026-12-06T06:00:00Z", end: "2026-12-06T07:00:00Z", volume: 12, passRate: rate(0.8, 0.49, 0.943) },
  ];

  it("gives percentages with their Wilson band, and none for an empty window", () => {
    const points = trendPoints(windows, "en");
    expect(points.map((p) => [p.volume, p.pass, p.band, p.spread])).toEqual([[0, null, null, null], [12, 80, [49, 94.3], [31, 14.3]]]);
    expect(rateText(windows[1].passRate)).toBe("80 % (49–94.3 %)");
    expect(rateText(windows[0].passRate)).toBe("—");
  });

  it("puts a drop at the window it names and a red line where it was raised", () => {
    const points = trendPoints(windows, "en");
    const markers = alertMarkers([
      { kind: "DROP", createdAt: "2026-12-06T07:05:00Z", detail: { window: { start: "2026-12-06T06:00:00Z" } } },
      { kind: "RED_LINE", createdAt: "2026-12-06T06:30:00Z", detail: {} },
      { kind: "RED_LINE", createdAt: "2026-12-01T00:00:00Z", detail: {} },
    ], windows, points);
    expect(markers).toEqual([{ label: points[1].label, drops: 1, redLines: 1 }]);
  });
});

describe("monitor draft", async () => {
  const { draftOf, variablesOf } = await import("./monitorDraft");
  const schemas = new Map<string, never>([
    ["keyword_match", { type: "object", required: ["keywords"], properties: { keywords: { type: "array", items: { type: "string" } } } } as never],
    ["personal_data_leak", { type: "object", properties: {} } as never],
    ["commitment_phrases", { type: "object", properties: {} } as never],
  ]);

  it("starts a new monitor with the critical red lines and everything sampled", () => {
    const draft = draftOf(null, schemas);
    expect(draft.redLines.map((r) => r.type)).toEqual(["personal_data_leak", "commitment_phrases"]);
    expect(draft.samplePercent).toBe(100);
    expect(variablesOf(draft, schemas).problems).toEqual({ name: "required" });
  });

  it("round-trips a stored monitor to the same variables", () => {
    const stored = {
      name: "refunds", sourceId: "s1", metadataMatch: { channel: "app", intent: ["refund", "return"] },
      judge: { kind: "rules", ruleLogic: "ANY", rules: [{ type: "keyword_match", params: { keywords: ["thanks"] } }] },
      redLines: [{ type: "personal_data_leak", params: {} }], sampleRate: 0.25, stratifyBy: "channel", dailyModelBudget: 100, active: false,
    };
    const { variables, problems } = variablesOf(draftOf(stored, schemas), schemas);
    expect(problems).toEqual({});
    expect(variables).toEqual({
      name: "refunds", sourceId: "s1", metadataMatch: { channel: "app", intent: ["refund", "return"] },
      judge: { kind: "rules", ruleLogic: "ANY", rules: [{ type: "keyword_match", params: { keywords: ["thanks"] } }] },
      redLines: [{ type: "personal_data_leak", params: {} }], sampleRate: 0.25, stratifyBy: "channel", dailyModelBudget: 100, active: false,
    });
  });

  it("names a rule's missing parameter and a match row without a key at their paths", () => {
    const draft = { ...draftOf(null, schemas), name: "m", match: [{ key: " ", value: "app" }] };
    const withRule = draftOf({ ...draft, metadataMatch: {}, judge: { rules: [{ type: "keyword_match" }] }, redLines: [], sampleRate: 1, stratifyBy: null, dailyModelBudget: null, sourceId: null }, schemas);
    expect(variablesOf({ ...withRule, match: draft.match }, schemas).problems).toEqual({
      "judge.rules[0].params.keywords": "required", "metadataMatch[0]": "required",
    });
  });
});
