import { describe, expect, it } from "vitest";
import { kappaFloor, revisionShort, toSeries, type HistoryPoint } from "./series";

const point = (over: Partial<HistoryPoint>): HistoryPoint => ({
  ruleType: "llm_score", judgeModel: "m", revision: null, bucketStart: "2026-11-02", reviewed: 10, agreed: 8,
  agreement: 0.8, kappa: 0.5, kappaLow: 0.2, kappaHigh: 0.8, basis: "case", ...over,
});

describe("agreement series", () => {
  it("orders each rule and model's points in time and marks where the revision changed", () => {
    const r1 = "llm_score/en/r1:abcd1234";
    const series = toSeries([
      point({ bucketStart: "2026-11-09", revision: r1 }),
      point({ bucketStart: "2026-11-09" }),
      point({ bucketStart: "2026-11-02" }),
      point({ ruleType: "task_completion", bucketStart: "2026-11-16", revision: r1 }),
    ]);
    expect(series.map((s) => s.ruleType)).toEqual(["llm_score", "task_completion"]);
    expect(series[0].points.map((p) => [p.bucketStart, p.revision, p.revisionChanged])).toEqual([
      ["2026-11-02", null, false], ["2026-11-09", null, false], ["2026-11-09", r1, true]]);
    expect(series[1].points[0].revisionChanged).toBe(false);
  });

  it("names a revision shortly and scales κ from the lowest bound", () => {
    expect(revisionShort("llm_score/zh/r12:abcd1234")).toBe("r12 (zh)");
    expect(revisionShort(null)).toBeNull();
    expect(kappaFloor([point({ kappaLow: -0.3 }), point({ kappa: null, kappaLow: null })])).toBe(-0.3);
    expect(kappaFloor([point({})])).toBe(0);
  });
});
