/** The model roles the API knows, in the order a person reads them, and the form's JSON round trip. */
import type { JsonValue } from "../../graphql/graphql";
export const MODEL_ROLES = ["JUDGE", "SIMULATOR", "PLANNER", "ANALYST", "MODERATION", "EMBEDDING"] as const;
export type ModelRoleName = (typeof MODEL_ROLES)[number];

/** The params box's text as the API's JSON object; an error key when it is not one. */
export function parseParams(text: string): {
  params: { [key: string]: JsonValue } | null; error: "models.paramsNotJson" | "models.paramsNotObject" | null;
} {
  if (!text.trim()) return { params: null, error: null };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== "object" || Array.isArray(value)) return { params: null, error: "models.paramsNotObject" };
    return { params: value as { [key: string]: JsonValue }, error: null };
  } catch {
    return { params: null, error: "models.paramsNotJson" };
  }
}

export function paramsText(params: unknown): string {
  if (!params || typeof params !== "object" || Object.keys(params).length === 0) return "";
  return JSON.stringify(params, null, 2);
}
