/**
 * A monitor as the form edits it, and the createMonitor/updateMonitor variables it becomes:
 * rules and red lines as rule drafts (params from each rule type's schema), the metadata
 * match as key/value rows, the sample rate in percent.
 */
import { configFrom, schemaFields } from "../../components/schema-form/schemaForm";
import { ruleDraft, type RuleDraft, type RuleSchemas } from "../../components/rules/ruleDraft";
import type { JsonValue } from "../../graphql/graphql";

export type RuleLogic = "ALL" | "ANY" | "WEIGHTED";
export interface MatchRow { key: string; value: string }

export interface MonitorDraft {
  name: string;
  sourceId: string | null;
  match: MatchRow[];
  logic: RuleLogic;
  rules: RuleDraft[];
  redLines: RuleDraft[];
  samplePercent: number;
  stratifyBy: string;
  budget: number | null;
  active: boolean;
}

export interface StoredMonitor {
  name: string; sourceId: string | null; metadataMatch: JsonValue; judge: JsonValue; redLines: JsonValue;
  sampleRate: number; stratifyBy: string | null; dailyModelBudget: number | null; active: boolean;
}

type JsonObject = { [key: string]: JsonValue };
const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function rulesOf(list: JsonValue | undefined, schemas: RuleSchemas): RuleDraft[] {
  return (Array.isArray(list) ? list : []).filter(isObject).map((r) => ruleDraft(
    String(r.type ?? ""), schemas, r.params ?? null, typeof r.weight === "number" ? r.weight : 1,
    typeof r.scope === "string" ? r.scope : null));
}

/** The red lines a new monitor starts with: the model-free checks the issue names as critical. */
export const DEFAULT_RED_LINES = ["personal_data_leak", "commitment_phrases"];

export function draftOf(monitor: StoredMonitor | null, schemas: RuleSchemas): MonitorDraft {
  if (!monitor) {
    return {
      name: "", sourceId: null, match: [], logic: "ALL", rules: [],
      redLines: DEFAULT_RED_LINES.filter((type) => schemas.has(type)).map((type) => ruleDraft(type, schemas)),
      samplePercent: 100, stratifyBy: "", budget: null, active: true,
    };
  }
  const judge = isObject(monitor.judge) ? monitor.judge : {};
  const logic = judge.ruleLogic === "ANY" || judge.ruleLogic === "WEIGHTED" ? judge.ruleLogic : "ALL";
  const match = isObject(monitor.metadataMatch) ? Object.entries(monitor.metadataMatch).map(([key, value]) => ({
    key, value: Array.isArray(value) ? value.map(String).join(", ") : String(value),
  })) : [];
  return {
    name: monitor.name, sourceId: monitor.sourceId, match, logic, rules: rulesOf(judge.rules, schemas),
    redLines: rulesOf(monitor.redLines, schemas), samplePercent: Math.round(monitor.sampleRate * 1000) / 10,
    stratifyBy: monitor.stratifyBy ?? "", budget: monitor.dailyModelBudget, active: monitor.active,
  };
}

/** Rule drafts as the API's rule list; a field's problem at `<path>[i].params.<key>`. */
function rulesFrom(drafts: RuleDraft[], schemas: RuleSchemas, path: string, problems: Record<string, string>): JsonObject[] {
  return drafts.map((draft, index) => {
    const { config, errors } = configFrom(schemaFields(schemas.get(draft.type) ?? null), draft.values);
    for (const [key, code] of Object.entries(errors)) problems[`${path}[${index}].params.${key}`] = code;
    const rule: JsonObject = { type: draft.type, params: config };
    if (draft.weight !== 1) rule.weight = draft.weight;
    if (draft.scope) rule.scope = draft.scope;
    return rule;
  });
}

export interface MonitorVariables {
  name: string; judge: JsonObject; sourceId: string | null; metadataMatch: JsonObject; redLines: JsonObject[];
  sampleRate: number; stratifyBy: string | null; dailyModelBudget: number | null; active: boolean;
}

/** The mutation's variables, and the problems found before sending (API-style paths → message code). */
export function variablesOf(draft: MonitorDraft, schemas: RuleSchemas): { variables: MonitorVariables; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  if (!draft.name.trim()) problems.name = "required";
  const metadataMatch: JsonObject = {};
  draft.match.forEach((row, index) => {
    const key = row.key.trim();
    if (!key && !row.value.trim()) return; // an empty row is left out
    if (!key) { problems[`metadataMatch[${index}]`] = "required"; return; }
    const values = row.value.split(",").map((v) => v.trim()).filter(Boolean);
    metadataMatch[key] = values.length === 1 ? values[0] : values;
  });
  const rules = rulesFrom(draft.rules, schemas, "judge.rules", problems);
  const redLines = rulesFrom(draft.redLines, schemas, "redLines", problems);
  return {
    problems,
    variables: {
      name: draft.name.trim(), judge: { kind: "rules", rules, ruleLogic: draft.logic }, sourceId: draft.sourceId,
      metadataMatch, redLines, sampleRate: draft.samplePercent / 100, stratifyBy: draft.stratifyBy.trim() || null,
      dailyModelBudget: draft.budget, active: draft.active,
    },
  };
}
