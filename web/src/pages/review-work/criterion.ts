/** The words a reviewer needs of a rule's params: its criterion when it has one, else the params in short. */
import type { JsonValue } from "../../graphql/graphql";

const CRITERION_FIELDS = ["criterion", "criteria", "rubric", "question", "instruction", "prompt", "description", "expected"];

export function criterionOf(params: JsonValue | null): string | null {
  if (!params || typeof params !== "object" || Array.isArray(params)) return null;
  for (const field of CRITERION_FIELDS) {
    const value = params[field];
    if (typeof value === "string" && value.trim()) return value;
    if (Array.isArray(value) && value.every((v) => typeof v === "string") && value.length) return value.join("; ");
  }
  const text = JSON.stringify(params);
  return text === "{}" ? null : text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
