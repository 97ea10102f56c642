/** A rule being edited as form values (a scenario's rules, a scorecard's checks), and moving
 * a row in a list: shared by the scenario editor and the scorecard editor. */
import { initialValues, schemaFields, type FormValues } from "../schema-form/schemaForm";
import type { JsonValue } from "../../graphql/graphql";

export interface RuleDraft { type: string; weight: number; values: FormValues; scope?: string | null }

/** Each rule type's params JSON Schema, by name (from `ruleTypes`). */
export type RuleSchemas = ReadonlyMap<string, JsonValue>;

export function ruleDraft(type: string, schemas: RuleSchemas, params: JsonValue | null = null, weight = 1,
  scope: string | null = null): RuleDraft {
  return { type, weight, scope, values: initialValues(schemaFields(schemas.get(type) ?? null), params) };
}

/** The list with the item at `from` swapped with its neighbour (unchanged at either end). */
export function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  [copy[from], copy[to]] = [copy[to], copy[from]];
  return copy;
}
