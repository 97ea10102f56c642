import { describe, expect, it } from "vitest";
import { bySeverity } from "./severity";

describe("bySeverity", () => {
  it("puts HIGH first and keeps the order within a severity", () => {
    const sorted = bySeverity([
      { severity: "LOW", id: 1 }, { severity: "HIGH", id: 2 }, { severity: "MEDIUM", id: 3 }, { severity: "HIGH", id: 4 },
    ]);
    expect(sorted.map((f) => f.id)).toEqual([2, 4, 3, 1]);
  });
});
