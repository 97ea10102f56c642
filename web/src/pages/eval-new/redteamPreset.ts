/** The red-team preset of the New form: generated from agenteval/redteam/preset.py (tested there). */
import preset from "./redteamPreset.json";
import { seedsFromJson, type SeedsForm } from "./seeds";

export interface RedTeamPreset {
  name: string;
  goal: string;
  intent: string;
  roleDescription: string;
  seeds: SeedsForm;
}

/** The preset's fields as the form holds them (seeds as the form editor shows them). */
export function redTeamPreset(): RedTeamPreset {
  const parsed = seedsFromJson(JSON.stringify(preset.seeds));
  if (!parsed.ok) throw new Error(`the red-team preset's seeds do not parse: ${parsed.message}`);
  return { name: preset.name, goal: preset.goal, intent: preset.intent, roleDescription: preset.roleDescription, seeds: parsed.form };
}
