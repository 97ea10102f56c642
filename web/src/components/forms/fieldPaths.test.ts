import { describe, expect, it } from "vitest";
import { humanPath } from "./fieldPaths";

describe("field paths for people", () => {
  const labels = { cases: "Case", eval_rules: "Rule", required_slots: "Required slots", seeds: "Seeds", goals: "Goal", goal: "What the user wants" };

  it("labels each segment and numbers items from 1", () => {
    expect(humanPath("cases[3].eval_rules[1].params.required_slots[5]", labels)).toBe("Case 4 › Rule 2 › Required slots 6");
    expect(humanPath("seeds.goals[0].goal", labels)).toBe("Seeds › Goal 1 › What the user wants");
  });

  it("keeps what it does not know", () => {
    expect(humanPath("cases[0].mystery", labels)).toBe("Case 1 › mystery");
    expect(humanPath("", labels)).toBe("");
  });
});
