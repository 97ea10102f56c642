import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { zh } from "../../i18n/zh";
import { eventRows, plainDetail, type TimelineEvent } from "./eventRows";

beforeAll(async () => {
  await i18next.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: "en", fallbackLng: "en",
    interpolation: { escapeValue: false } });
});

const S1 = "0b7f6a6e-1c1d-4a53-9a55-0e2f3b8a1c01";
const S2 = "9d1e1f0a-2b2c-4d3e-8f4a-5b6c7d8e9f02";
const at = (s: number) => `2026-12-06T04:00:${String(s).padStart(2, "0")}.123456+00:00`;
const events: TimelineEvent[] = [
  { sequence: 1, type: "CREATED", detail: { name: "Night check" }, at: at(1) },
  { sequence: 2, type: "PLAN_SUBMITTED", detail: { revision: 1 }, at: at(2) },
  { sequence: 3, type: "PLAN_APPROVED", detail: { revision: 1, actor: { name: "alice", keyId: S1 } }, at: at(3) },
  { sequence: 4, type: "AGENT_WOKEN", detail: { role: "evaluator", driver: "builtin", ok: true, runId: "r1" }, at: at(4) },
  { sequence: 5, type: "SESSION_CREATED", sessionId: S1, detail: { sessionId: S1 }, at: at(5) },
  { sequence: 6, type: "HEARTBEAT", detail: { note: "working" }, at: at(6) },
  { sequence: 7, type: "HEARTBEAT", detail: { note: "still working" }, at: at(7) },
  { sequence: 8, type: "HEARTBEAT", detail: { note: "almost" }, at: at(8) },
  { sequence: 9, type: "SESSION_CREATED", sessionId: S2, detail: { sessionId: S2 }, at: at(9) },
  { sequence: 10, type: "MESSAGE_EXCHANGED", sessionId: S2, detail: { sessionId: S2, turnIndex: 0, latencyMs: 812, error: null }, at: at(10) },
  { sequence: 11, type: "MESSAGE_EXCHANGED", sessionId: S1, detail: { sessionId: S1, turnIndex: 2, latencyMs: 30, error: "timeout" }, at: at(11) },
  { sequence: 12, type: "AGENT_WOKEN", detail: { role: "analyst", driver: "openclaw", ok: false, error: "503" }, at: at(12) },
  { sequence: 13, type: "REPORT_SUBMITTED", detail: { findings: 1 }, at: at(13) },
];

describe("the event timeline", () => {
  it("says what happened and who did it, newest first, with sessions by number and no ids or JSON", () => {
    const rows = eventRows(events, "en");
    const lines = rows.map((r) => `${r.who ?? ""} | ${r.what}`);
    expect(lines).toEqual([
      "analyst agent | Report submitted with 1 finding",
      "analyst agent | Waking the agent failed (openclaw driver): 503",
      "evaluating agent | Session 1, turn 3: the target failed (timeout)",
      "evaluating agent | Session 2, turn 1: the target replied in 812 ms",
      "evaluating agent | Session 2 started",
      " | 3 heartbeats, the last: “almost”",
      "evaluating agent | Session 1 started",
      "evaluating agent | Agent woken (builtin driver)",
      "alice | Plan revision 1 approved",
      "planning agent | Plan revision 1 submitted",
      " | Evaluation created: Night check",
    ]);
    for (const row of rows) {
      expect(row.what).not.toMatch(/[{}]|[0-9a-f]{8}-[0-9a-f]{4}/);
    }
  });

  it("folds consecutive heartbeats into one row spanning their times", () => {
    const folded = eventRows(events, "en").find((r) => r.type === "HEARTBEAT");
    expect(folded?.at).toBe(at(6));
    expect(folded?.until).toBe(at(8));
  });

  it("speaks Chinese in the Chinese UI", () => {
    const rows = eventRows(events, "zh");
    expect(rows[0].what).toBe("提交了报告，共 1 条发现");
    expect(rows.find((r) => r.type === "HEARTBEAT")?.what).toContain("3 次心跳");
    expect(rows.at(-1)?.what).toBe("创建了评估：Night check");
  });

  it("folds heartbeats between messages too, and names sessions in their notes by number", () => {
    const interleaved: TimelineEvent[] = [
      { sequence: 1, type: "SESSION_CREATED", sessionId: S1, detail: { sessionId: S1 }, at: at(1) },
      { sequence: 2, type: "MESSAGE_EXCHANGED", sessionId: S1, detail: { turnIndex: 0, latencyMs: 5 }, at: at(2) },
      { sequence: 3, type: "HEARTBEAT", detail: { note: `session ${S1}: turn 1 done` }, at: at(3) },
      { sequence: 4, type: "MESSAGE_EXCHANGED", sessionId: S1, detail: { turnIndex: 1, latencyMs: 5 }, at: at(4) },
      { sequence: 5, type: "HEARTBEAT", detail: { note: `session ${S1}: turn 2 done` }, at: at(5) },
      { sequence: 6, type: "SESSION_CLOSED", sessionId: S1, detail: { sessionId: S1 }, at: at(6) },
      { sequence: 7, type: "HEARTBEAT", detail: { note: `about ${S2}` }, at: at(7) },
    ];
    const rows = eventRows(interleaved, "en");
    expect(rows.map((r) => r.what)).toEqual([
      "Heartbeat: “about 9d1e1f0a”",
      "Session 1 closed with its verdict",
      "2 heartbeats, the last: “session 1: turn 2 done”",
      "Session 1, turn 2: the target replied in 5 ms",
      "Session 1, turn 1: the target replied in 5 ms",
      "Session 1 started",
    ]);
  });

  it("shows an unknown event's detail as words, leaving ids out", () => {
    expect(plainDetail({ sessionId: S1, note: "hi", count: 2, nested: { a: 1 } })).toBe("note: hi · count: 2");
  });
});
