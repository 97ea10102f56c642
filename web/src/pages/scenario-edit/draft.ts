/**
 * The scenario editor's state: cases as editable drafts (rule params as form values from
 * `ruleTypes.paramsSchema`) and the `UpdateScenarioInput` they become. Plain, tested.
 */
import { configFrom, schemaFields } from "../../components/schema-form/schemaForm";
import type { JsonValue } from "../../graphql/graphql";
import { move, ruleDraft, type RuleDraft, type RuleSchemas } from "../../components/rules/ruleDraft";
import { simulatedDraft, simulatedInput, type SimulatedDraft } from "./simulatedDraft";

// A rule's draft is shared with the scorecard editor (components/rules/ruleDraft.ts).
export { move, ruleDraft, type RuleDraft, type RuleSchemas };

export type RuleLogic = "ALL" | "ANY" | "WEIGHTED";
export type CaseType = "SINGLE_TURN" | "MULTI_TURN" | "SIMULATED";


/** The checks on one message's reply: `expect` as JSON text (empty for none) and rules. */
export interface TurnDraft { expect: string; rules: RuleDraft[] }

export interface CaseDraft {
  key: string;
  type: CaseType;
  messages: string[];
  expectation: string; // JSON text; empty for none
  ruleLogic: RuleLogic;
  rulePassThreshold: number;
  successThreshold: number;
  partialThreshold: number;
  tags: string[];
  rules: RuleDraft[];
  turns: TurnDraft[]; // one per message, in the same order
  toolResults: string; // JSON text (openai_chat targets with tools); empty for none
  // SIMULATED: who plays the user (simulatedDraft.ts); null for a case never made simulated.
  // Kept when the type changes away, so switching back loses nothing.
  simulated: SimulatedDraft | null;
  origin?: CaseOriginValue | null; // the finding or session it was drafted from; kept as is
}

export interface CaseOriginValue {
  evalId: string; sessionId?: string | null; findingId?: string | null; findingIndex?: number | null; evalName?: string | null;
}

type StoredRule = { type: string; params: JsonValue; weight: number; scope?: string | null };

export interface StoredCase {
  key: string; type: CaseType; messages: readonly string[]; expectation: JsonValue | null;
  ruleLogic: RuleLogic; rulePassThreshold: number; successThreshold: number; partialThreshold: number;
  tags: readonly string[]; evalRules: readonly StoredRule[];
  turnChecks?: readonly { turnIndex: number; expect: JsonValue | null; evalRules: readonly StoredRule[] }[] | null;
  toolResults?: JsonValue | null;
  simulated?: { [key: string]: JsonValue } | null;
  origin?: CaseOriginValue | null;
}

export const noTurnChecks = (): TurnDraft => ({ expect: "", rules: [] });

export function hasTurnChecks(turn: TurnDraft): boolean {
  return turn.expect.trim() !== "" || turn.rules.length > 0;
}

/** Rule type name → its params schema. */

const storedRuleDraft = (r: StoredRule, schemas: RuleSchemas) => ruleDraft(r.type, schemas, r.params, r.weight, r.scope ?? null);

export function caseDraft(stored: StoredCase, schemas: RuleSchemas): CaseDraft {
  return {
    key: stored.key, type: stored.type, messages: [...stored.messages],
    expectation: stored.expectation === null ? "" : JSON.stringify(stored.expectation, null, 2),
    ruleLogic: stored.ruleLogic, rulePassThreshold: stored.rulePassThreshold,
    successThreshold: stored.successThreshold, partialThreshold: stored.partialThreshold,
    tags: [...stored.tags],
    rules: stored.evalRules.map((r) => storedRuleDraft(r, schemas)),
    toolResults: stored.toolResults === null || stored.toolResults === undefined ? "" : JSON.stringify(stored.toolResults, null, 2),
    simulated: stored.type === "SIMULATED" || stored.simulated ? simulatedDraft(stored.simulated) : null,
    origin: stored.origin ?? null,
    turns: stored.messages.map((_, i) => {
      const check = stored.turnChecks?.find((c) => c.turnIndex === i);
      if (!check) return noTurnChecks();
      return {
        expect: check.expect === null ? "" : JSON.stringify(check.expect, null, 2),
        rules: check.evalRules.map((r) => storedRuleDraft(r, schemas)),
      };
    }),
  };
}

export function emptyCase(n: number): CaseDraft {
  return {
    key: `case-${n}`, type: "SINGLE_TURN", messages: [""], expectation: "", ruleLogic: "ALL",
    rulePassThreshold: 0.7, successThreshold: 0.8, partialThreshold: 0.5, tags: [], rules: [],
    turns: [noTurnChecks()], toolResults: "", simulated: null,
  };
}

/** Move item `from` one place up (-1) or down (+1); out of range leaves the list as is. */

export interface CaseInputShape {
  key: string; type: CaseType; messages: string[]; expectation: JsonValue | null; ruleLogic: RuleLogic;
  rulePassThreshold: number; successThreshold: number; partialThreshold: number; tags: string[];
  evalRules: RuleInputShape[];
  turnChecks: { turnIndex: number; expect: JsonValue | null; evalRules: RuleInputShape[] }[];
  toolResults?: JsonValue;
  [simulatedField: string]: JsonValue | undefined;
  origin?: { evalId: string; sessionId?: string | null; findingId?: string | null; findingIndex?: number | null };
}

type RuleInputShape = { type: string; params: JsonValue; weight: number; scope?: string };

/** Where the drafts do not parse (JSON text, numbers), by a path like the API's. */
export type DraftProblems = { path: string; message: string }[];

export function casesInput(drafts: readonly CaseDraft[], schemas: RuleSchemas): { cases: CaseInputShape[]; problems: DraftProblems } {
  const problems: DraftProblems = [];
  const cases = drafts.map((draft, c) => {
    let expectation: JsonValue | null = null;
    if (draft.expectation.trim() !== "") {
      try {
        expectation = JSON.parse(draft.expectation) as JsonValue;
      } catch {
        problems.push({ path: `cases[${c}].expectation`, message: "json" });
      }
    }
    const rulesInput = (rules: readonly RuleDraft[], path: string) => rules.map((rule, r) => {
      const { config, errors } = configFrom(schemaFields(schemas.get(rule.type) ?? null), rule.values);
      for (const [key, message] of Object.entries(errors)) problems.push({ path: `${path}[${r}].params.${key}`, message });
      const input: RuleInputShape = { type: rule.type, params: config, weight: rule.weight };
      if (rule.scope) input.scope = rule.scope;
      return input;
    });
    const evalRules = rulesInput(draft.rules, `cases[${c}].eval_rules`);
    const turnChecks = draft.messages.flatMap((_, i) => {
      const turn = draft.turns[i];
      if (!turn || !hasTurnChecks(turn)) return [];
      let expect: JsonValue | null = null;
      if (turn.expect.trim() !== "") {
        try {
          expect = JSON.parse(turn.expect) as JsonValue;
        } catch {
          problems.push({ path: `cases[${c}].messages[${i}].expect`, message: "json" });
        }
      }
      return [{ turnIndex: i, expect, evalRules: rulesInput(turn.rules, `cases[${c}].messages[${i}].eval_rules`) }];
    });
    const input: CaseInputShape = {
      key: draft.key, type: draft.type, messages: draft.messages, expectation, ruleLogic: draft.ruleLogic,
      rulePassThreshold: draft.rulePassThreshold, successThreshold: draft.successThreshold,
      partialThreshold: draft.partialThreshold, tags: draft.tags, evalRules, turnChecks,
    };
    if (draft.type === "SIMULATED") {  // its user's turns are played: no messages, no checks
      input.messages = [];
      input.turnChecks = [];
      const simulated = simulatedInput(draft.simulated ?? simulatedDraft(null), `cases[${c}]`);
      Object.assign(input, simulated.fields);
      problems.push(...simulated.problems);
    }
    if (draft.origin) {
      const { evalId, sessionId, findingId, findingIndex } = draft.origin;
      input.origin = { evalId, sessionId, findingId, findingIndex };
    }
    if (draft.toolResults.trim() !== "") {
      try {
        input.toolResults = JSON.parse(draft.toolResults) as JsonValue;
      } catch {
        problems.push({ path: `cases[${c}].tool_results`, message: "json" });
      }
    }
    return input;
  });
  return { cases, problems };
}

export interface NamedItem { name: string; description: string }

/** A JSON-text field holding a list of {name, description} (task_completion's slots and steps). */
export function itemsFrom(text: string | boolean | undefined): NamedItem[] {
  if (typeof text !== "string" || text.trim() === "") return [];
  try {
    const parsed = JSON.parse(text) as JsonValue;
    if (!Array.isArray(parsed)) return [];
    return parsed.map((item) => {
      const o = item && typeof item === "object" && !Array.isArray(item) ? item : {};
      return { name: String(o.name ?? ""), description: String(o.description ?? "") };
    });
  } catch {
    return [];
  }
}

export function itemsText(items: readonly NamedItem[]): string {
  return items.length === 0 ? "" : JSON.stringify(items, null, 2);
}

/** intent_classification's taxonomy (intent → description) as rows, and back. */
export function taxonomyFrom(text: string | boolean | undefined): NamedItem[] {
  if (typeof text !== "string" || text.trim() === "") return [];
  try {
    const parsed = JSON.parse(text) as JsonValue;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [];
    return Object.entries(parsed).map(([name, description]) => ({ name, description: String(description ?? "") }));
  } catch {
    return [];
  }
}

export function taxonomyText(rows: readonly NamedItem[]): string {
  return rows.length === 0 ? "" : JSON.stringify(Object.fromEntries(rows.map((r) => [r.name, r.description])), null, 2);
}
