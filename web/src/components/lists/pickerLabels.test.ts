import { describe, expect, it } from "vitest";
import { pickerOptions } from "./pickerLabels";

describe("picker labels", () => {
  it("tells same-named items apart and leaves unique ones short", () => {
    const items = [
      { id: "a", name: "Booking", cases: 5, at: "Mon" },
      { id: "b", name: "Booking", cases: 5, at: "Tue" },
      { id: "c", name: "Refunds", cases: 3, at: "Wed" },
    ];
    const labels = pickerOptions(items, (i) => `${i.cases} cases`, (i) => `created ${i.at}`).map((o) => o.label);
    expect(labels).toEqual(["Booking (5 cases, created Mon)", "Booking (5 cases, created Tue)", "Refunds (3 cases)"]);
    expect(new Set(labels).size).toBe(3);
  });
});
