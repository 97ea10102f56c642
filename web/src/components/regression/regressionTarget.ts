/** The regression dialog's plain logic: picker labels, and which scenario the draft goes into. */

export interface ScenarioOption { id: string; name: string }

/** Picker entries: the name, with the id's last 6 characters when another scenario has the same name. */
export function scenarioOptions(scenarios: readonly ScenarioOption[]): { value: string; label: string }[] {
  const counts = new Map<string, number>();
  for (const s of scenarios) counts.set(s.name, (counts.get(s.name) ?? 0) + 1);
  return scenarios.map((s) => ({
    value: s.id,
    label: (counts.get(s.name) ?? 0) > 1 ? `${s.name} (…${s.id.slice(-6)})` : s.name,
  }));
}

export type TargetChoice = { mode: "existing"; scenarioId: string | null } | { mode: "new"; name: string };

/** The mutation's scenarioId / newScenarioName, or null while the choice is incomplete. */
export function targetVariables(choice: TargetChoice): { scenarioId: string } | { newScenarioName: string } | null {
  if (choice.mode === "existing") return choice.scenarioId ? { scenarioId: choice.scenarioId } : null;
  const name = choice.name.trim();
  return name ? { newScenarioName: name } : null;
}
