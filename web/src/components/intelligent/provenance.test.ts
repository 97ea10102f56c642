import { describe, expect, it } from "vitest";
import { mergeTrails, methodTrails, readTrail, reasonKey, trailKind } from "./provenance";

describe("provenance trails", () => {
  it("reads the driver's shape and tells the four cases apart", () => {
    const model = readTrail({ source: "model", model: "smollm2", reason: null, detail: null, calls: { model: 1, script: 0 } });
    expect(model && trailKind(model)).toBe("model");
    const fell = readTrail({ source: "script", model: "smollm2", reason: "invalid_plan", calls: { model: 0, script: 1 } });
    expect(fell && trailKind(fell)).toBe("script");
    const none = readTrail({ source: "script", model: null, reason: "not_configured", calls: { model: 0, script: 3 } });
    expect(none && trailKind(none)).toBe("none");
    expect(readTrail("nonsense")).toBeNull();
    expect(readTrail(null)).toBeNull();
  });
  it("merges sessions' trails: calls summed, the most frequent reason kept", () => {
    const merged = mergeTrails([
      { source: "model", model: "m", calls: { model: 3, script: 0 } },
      { source: "script", model: "m", reason: "timeout", detail: "180 s", calls: { model: 0, script: 2 } },
      { source: "script", model: "m", reason: "timeout", calls: { model: 0, script: 1 } },
      { source: "script", model: "m", reason: "cut", calls: { model: 0, script: 1 } },
      null,
    ]);
    expect(merged).toEqual({ source: "mixed", model: "m", reason: "timeout", detail: "180 s", calls: { model: 3, script: 4 } });
    expect(mergeTrails([null, undefined])).toBeNull();
  });
  it("names known reasons by key and leaves others as their code", () => {
    expect(reasonKey("timeout")).toBe("provenance.reasons.timeout");
    expect(reasonKey("something_new")).toBeNull();
  });
});

describe("method trails", () => {
  it("merges the sessions' simulator and verdict trails per role", () => {
    const rows = methodTrails({ source: "script", model: "smollm2", reason: "invalid_plan", calls: { model: 0, script: 1 } }, [
      { simulator: { source: "model", model: "s", calls: { model: 2, script: 0 } }, verdict: { source: "model", model: "a", calls: { model: 1, script: 0 } } },
      { simulator: { source: "script", model: "s", reason: "timeout", calls: { model: 0, script: 3 } } },
      null,
    ], null);
    expect(rows.map((r) => r.role)).toEqual(["planner", "simulator", "analystVerdicts", "analystReport"]);
    expect(readTrail(rows[1].trail)).toMatchObject({ source: "mixed", reason: "timeout", calls: { model: 2, script: 3 } });
    expect(readTrail(rows[2].trail)).toMatchObject({ source: "model", calls: { model: 1, script: 0 } });
    expect(rows[3].trail).toBeNull();
  });
});
