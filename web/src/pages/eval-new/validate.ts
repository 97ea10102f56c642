/**
 * The new-evaluation form checked in the browser before it is sent: every problem at once,
 * at its field (same paths as the server's VALIDATION_FAILED details), as a message key the
 * page translates. The server still checks everything; this only spares a round trip per field.
 */
import type { SeedsForm } from "./seeds";

export interface NewEvalValues {
  name: string; targetId: string | null; goal: string; intent: string; roleDescription: string; timeWindowHours: number;
}
export interface LocalProblem { path: string; code: "required" | "timeWindow" | "oneGoal" }

const MAX_HOURS = 720;

export function validateNewEval(values: NewEvalValues, seeds: SeedsForm | null): LocalProblem[] {
  const problems: LocalProblem[] = [];
  const required = (path: string, text: string | null) => { if (!text || !text.trim()) problems.push({ path, code: "required" }); };
  required("name", values.name);
  required("targetId", values.targetId);
  required("goal", values.goal);
  if (seeds) {
    const goals = seeds.goals.filter((g) => g.goal.trim() || g.dimension.trim() || g.opening.trim());
    if (goals.length === 0) problems.push({ path: "seeds.goals[0].goal", code: "oneGoal" });
    seeds.goals.forEach((g, i) => {
      if (!g.goal.trim() && (g.dimension.trim() || g.opening.trim())) problems.push({ path: `seeds.goals[${i}].goal`, code: "required" });
    });
  }
  required("intent", values.intent);
  required("roleDescription", values.roleDescription);
  if (!Number.isInteger(values.timeWindowHours) || values.timeWindowHours < 1 || values.timeWindowHours > MAX_HOURS) {
    problems.push({ path: "timeWindowHours", code: "timeWindow" });
  }
  return problems;
}
