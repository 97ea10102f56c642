import { describe, expect, it } from "vitest";
import { authorBadgeKey, simulationSummary } from "./simulation";

describe("simulated cases on the run page", () => {
  it("reads the stored simulation record, and nothing for other cases", () => {
    expect(simulationSummary({ simulator: "model", model: "sim-1", stop: "simulator_done", detail: "booked", turns: 3 }))
      .toEqual({ simulator: "model", model: "sim-1", stop: "simulator_done", detail: "booked", turns: 3 });
    expect(simulationSummary(null)).toBeNull();
    expect(simulationSummary({ simulator: "script", stop: "something new" })?.stop).toBeNull();
  });

  it("badges only the turns a simulated or scripted user wrote", () => {
    expect(authorBadgeKey("simulator")).toBe("run.simulatedUser");
    expect(authorBadgeKey("script")).toBe("run.scriptedUser");
    expect(authorBadgeKey("case")).toBeNull();
    expect(authorBadgeKey(null)).toBeNull();
  });
});
