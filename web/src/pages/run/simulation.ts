/** A simulated case's attempt: who played the user and why the dialog ended
 * (CaseOutcome.simulation), and who wrote each turn (Turn.author). */
import type { JsonValue } from "../../graphql/graphql";

export const STOPS = ["simulator_done", "script_end", "phrase", "max_turns", "simulator_failed", "target_error"] as const;
export type StopReason = (typeof STOPS)[number];

export interface SimulationSummary {
  simulator: "model" | "script";
  model: string | null;
  stop: StopReason | null;
  detail: string | null;
  turns: number;
}

const isObject = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The stored `simulation` record, or null for a case that is not simulated. */
export function simulationSummary(simulation: unknown): SimulationSummary | null {
  if (!isObject(simulation)) return null;
  const stop = STOPS.find((s) => s === simulation.stop) ?? null;
  return {
    simulator: simulation.simulator === "model" ? "model" : "script",
    model: typeof simulation.model === "string" ? simulation.model : null,
    stop,
    detail: typeof simulation.detail === "string" ? simulation.detail : null,
    turns: typeof simulation.turns === "number" ? simulation.turns : 0,
  };
}

/** The i18n key of the badge on a turn's user message: only turns a simulated user wrote. */
export function authorBadgeKey(author: string | null | undefined): "run.simulatedUser" | "run.scriptedUser" | null {
  if (author === "simulator") return "run.simulatedUser";
  if (author === "script") return "run.scriptedUser";
  return null;
}
