import { describe, expect, it } from "vitest";
import { placeSlots } from "./timeline";

describe("placeSlots", () => {
  it("places slots on the window", () => {
    expect(placeSlots([{ timeSlot: "0-2h", sessions: 2 }, { timeSlot: "12-24h", sessions: 1 }], 24)).toEqual([
      { index: 0, label: "0-2h", sessions: 2, leftPercent: 0, widthPercent: (2 / 24) * 100 },
      { index: 1, label: "12-24h", sessions: 1, leftPercent: 50, widthPercent: 50 },
    ]);
  });

  it("skips a slot it cannot read and widens the window for late slots", () => {
    const placed = placeSlots([{ timeSlot: "soon", sessions: 1 }, { timeSlot: "0-48h", sessions: 1 }], 24);
    expect(placed).toHaveLength(1);
    expect(placed[0].widthPercent).toBe(100);
  });
});
