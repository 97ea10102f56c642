import { describe, expect, it } from "vitest";
import { seedsFromJson, seedsToJson } from "./seeds";

describe("seeds form and JSON", () => {
  it("round-trips a persona and a goal with a script", () => {
    const form = {
      personas: [{ name: "Li", background: "", personality: "terse", patience: "low" as const }],
      goals: [{ goal: "Return a fridge", dimension: "returns", opening: "Hi",
        followUps: "When?\n\nHow much?", successSignals: "refund" }],
    };
    const json = seedsToJson(form);
    expect(json).toEqual({
      personas: [{ name: "Li", personality: "terse", patience: "low" }],
      goals: [{ goal: "Return a fridge", dimension: "returns",
        script: { opening: "Hi", follow_ups: ["When?", "How much?"], success_signals: ["refund"] } }],
    });
    const parsed = seedsFromJson(JSON.stringify(json));
    expect(parsed.ok && parsed.form).toEqual({ ...form, goals: [{ ...form.goals[0], followUps: "When?\nHow much?" }] });
  });

  it("leaves the script out when none is given", () => {
    expect(seedsToJson({ personas: [], goals: [{ goal: "g", dimension: "", opening: "", followUps: "", successSignals: "" }] }))
      .toEqual({ personas: [], goals: [{ goal: "g" }] });
  });

  it("says why JSON is not accepted", () => {
    expect(seedsFromJson("{").ok).toBe(false);
    expect(seedsFromJson("[]")).toEqual({ ok: false, message: "seeds must be a JSON object" });
  });
});
