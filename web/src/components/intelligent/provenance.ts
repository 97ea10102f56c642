/**
 * Who produced a plan, a session's turns and verdict, a report: the stored `provenance` trails
 * (drivers/builtin/provenance.py) as lines in the UI's language, like the Markdown Method section
 * (domain/intelligent/provenance_text.py): "Planner: smollm2, fell back to the script (gave an invalid answer)".
 */
export interface Trail {
  source: "model" | "script" | "mixed" | string;
  model: string | null;
  reason: string | null;
  detail: string | null;
  calls: { model: number; script: number };
}

export const KNOWN_REASONS = ["timeout", "connection", "http_status", "bad_response", "invalid_output", "cut",
  "invalid_plan", "invalid_verdict"] as const;

function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A stored trail read defensively: an agent may send any small object, or none. */
export function readTrail(value: unknown): Trail | null {
  const object = asObject(value);
  if (!object) return null;
  const calls = asObject(object.calls) ?? {};
  const text = (v: unknown) => (typeof v === "string" && v ? v : null);
  return {
    source: text(object.source) ?? "script", model: text(object.model), reason: text(object.reason),
    detail: text(object.detail),
    calls: { model: Number(calls.model) || 0, script: Number(calls.script) || 0 },
  };
}

/** Many trails of one kind (every session's verdict) as one: calls summed, the most frequent reason kept. */
export function mergeTrails(values: readonly unknown[]): Trail | null {
  const trails = values.map(readTrail).filter((t): t is Trail => t !== null);
  if (trails.length === 0) return null;
  const byModel = trails.reduce((n, t) => n + t.calls.model, 0);
  const byScript = trails.reduce((n, t) => n + t.calls.script, 0);
  const counts = new Map<string, number>();
  for (const t of trails) if (t.reason) counts.set(t.reason, (counts.get(t.reason) ?? 0) + 1);
  const reason = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return {
    source: byModel && byScript ? "mixed" : byModel ? "model" : "script",
    model: trails.find((t) => t.model)?.model ?? null, reason,
    detail: trails.find((t) => t.detail)?.detail ?? null, calls: { model: byModel, script: byScript },
  };
}

export type TrailKind = "none" | "model" | "script" | "mixed";

/** Which sentence a trail reads as (the same cases as describe_provenance). */
export function trailKind(trail: Trail): TrailKind {
  if (trail.model === null || (trail.reason === "not_configured" && !trail.calls.model)) return "none";
  if (trail.source === "model") return "model";
  if (trail.source === "mixed") return "mixed";
  return "script";
}

/** The i18n key of a fallback reason; unknown reasons are shown as their code. */
export function reasonKey(reason: string | null): `provenance.reasons.${(typeof KNOWN_REASONS)[number]}` | null {
  const known = KNOWN_REASONS.find((k) => k === reason);
  return known ? `provenance.reasons.${known}` : null;
}

/** A verdict's provenance holds two trails: the virtual user's turns and the verdict itself. */
export function sessionTrails(provenance: unknown): { role: "simulator" | "analystVerdicts"; trail: unknown }[] {
  const object = asObject(provenance) ?? {};
  return [{ role: "simulator", trail: object.simulator }, { role: "analystVerdicts", trail: object.verdict }];
}

/** The report's Method: the plan's trail, every session's trails merged per role, the report's. */
export function methodTrails(plan: unknown, verdicts: readonly unknown[], report: unknown
): { role: "planner" | "simulator" | "analystVerdicts" | "analystReport"; trail: unknown }[] {
  const perSession = verdicts.map(sessionTrails);
  return [
    { role: "planner", trail: plan },
    { role: "simulator", trail: mergeTrails(perSession.map((s) => s[0].trail)) },
    { role: "analystVerdicts", trail: mergeTrails(perSession.map((s) => s[1].trail)) },
    { role: "analystReport", trail: report },
  ];
}
