import { describe, expect, it } from "vitest";
import { emptyGoal } from "./seeds";
import { validateNewEval } from "./validate";

describe("the new-evaluation form's own checks", () => {
  const empty = { name: "", targetId: null, goal: "", intent: "", roleDescription: "", timeWindowHours: 24 };

  it("names every missing field at once, in the form's order", () => {
    expect(validateNewEval(empty, { personas: [], goals: [emptyGoal] }).map((p) => `${p.path}:${p.code}`)).toEqual([
      "name:required", "targetId:required", "goal:required", "seeds.goals[0].goal:oneGoal", "intent:required",
      "roleDescription:required",
    ]);
  });

  it("accepts a filled form and checks the time window", () => {
    const filled = { name: "n", targetId: "t", goal: "g", intent: "i", roleDescription: "r", timeWindowHours: 24 };
    const seeds = { personas: [], goals: [{ ...emptyGoal, goal: "book a repair" }] };
    expect(validateNewEval(filled, seeds)).toEqual([]);
    expect(validateNewEval({ ...filled, timeWindowHours: 0 }, seeds)).toEqual([{ path: "timeWindowHours", code: "timeWindow" }]);
    // Seeds given as JSON are left to the server.
    expect(validateNewEval(filled, null)).toEqual([]);
  });
});
