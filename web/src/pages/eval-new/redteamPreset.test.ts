import { describe, expect, it } from "vitest";
import preset from "./redteamPreset.json";
import { redTeamPreset } from "./redteamPreset";
import { seedsToJson } from "./seeds";

describe("red-team preset", () => {
  it("fills the form with every category as a dimension, and sends the seeds unchanged", () => {
    const filled = redTeamPreset();
    expect(filled.goal).toContain("unauthorized_commitment");
    expect(new Set(filled.seeds.goals.map((g) => g.dimension)).size).toBe(9);
    expect(filled.seeds.personas).toHaveLength(3);
    expect(seedsToJson(filled.seeds)).toEqual(preset.seeds);
  });
});
