import { describe, expect, it } from "vitest";
import { emptyPlan, planSpec } from "./planSpec";

describe("the plan form's spec", () => {
  it("sends the criteria ticked and the numbers typed, leaving empty fields out", () => {
    expect(planSpec({ ...emptyPlan, always: ["vetoed", "judgeSplit"], share: "0.5", seed: "7", kinds: ["CASE"] })).toEqual({
      vetoed: true, judgeSplit: true, share: 0.5, seed: 7, secondReviewShare: 0.2, kinds: ["CASE"],
    });
  });

  it("passes a mistyped number as typed so the server names the field", () => {
    expect(planSpec({ ...emptyPlan, share: "half", stratifyBy: " tag " })).toMatchObject({ share: "half", stratifyBy: "tag" });
  });
});
