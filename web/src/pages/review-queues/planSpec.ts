/**
 * The plan form's fields and the spec the API takes (see createReviewPlan's description and
 * agenteval/domain/review_queues/plan.py). The API has no list of criteria to ask, so the
 * form knows them; a field left empty is left out, and the server's VALIDATION_FAILED
 * paths (`spec.share`) point back at the field.
 */
import type { JsonValue } from "../../graphql/graphql";

export const PLAN_KINDS = ["CASE", "SESSION", "FINDING", "CONVERSATION"] as const;
export const ALWAYS = ["vetoed", "judgeSplit", "rulesDisagree"] as const;

export interface PlanForm {
  always: string[];
  lowConfidenceBelow: string;
  share: string;
  seed: string;
  stratifyBy: string;
  perDay: string;
  kinds: string[];
  secondReviewShare: string;
}

export const emptyPlan: PlanForm = {
  always: ["vetoed"], lowConfidenceBelow: "", share: "0.2", seed: "1", stratifyBy: "", perDay: "",
  kinds: [...PLAN_KINDS], secondReviewShare: "0.2",
};

/** A typed number where one was typed; the text as typed otherwise, so the server names the mistake. */
function numberOr(text: string): JsonValue | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

export function planSpec(form: PlanForm): { [key: string]: JsonValue } {
  const spec: { [key: string]: JsonValue } = {};
  for (const flag of ALWAYS) if (form.always.includes(flag)) spec[flag] = true;
  const numbers: [keyof PlanForm, string][] = [["share", "share"], ["seed", "seed"], ["perDay", "perDay"],
    ["lowConfidenceBelow", "lowConfidenceBelow"], ["secondReviewShare", "secondReviewShare"]];
  for (const [field, name] of numbers) {
    const value = numberOr(form[field] as string);
    if (value !== undefined) spec[name] = value;
  }
  if (form.stratifyBy.trim()) spec.stratifyBy = form.stratifyBy.trim();
  spec.kinds = form.kinds;
  return spec;
}
