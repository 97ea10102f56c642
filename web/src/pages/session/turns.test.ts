import { describe, expect, it } from "vitest";
import { groupByTurn, turnFromHash } from "./turns";

describe("transcript turns", () => {
  it("groups messages by turn, in order, once each", () => {
    const m = (index: number, turnIndex: number, role: "USER" | "ASSISTANT") => ({ index, turnIndex, role });
    const groups = groupByTurn([m(2, 1, "USER"), m(0, 0, "USER"), m(1, 0, "ASSISTANT"), m(2, 1, "USER")]);
    expect(groups.map((g) => [g.turnIndex, g.messages.map((x) => x.index)])).toEqual([[0, [0, 1]], [1, [2]]]);
  });

  it("reads the turn from the address", () => {
    expect(turnFromHash("#turn-3")).toBe(3);
    expect(turnFromHash("#turn-x")).toBeNull();
    expect(turnFromHash("")).toBeNull();
  });
});
