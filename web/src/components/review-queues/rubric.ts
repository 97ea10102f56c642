/**
 * A review item's rubric and answers, read from the API's JSON into typed records.
 * The rubric holds the automatic verdicts (see agenteval/domain/review_queues/rubric.py):
 * a case's `successLevel`, a session's `goalAchieved`, a finding, and one entry per judged
 * rule or scorecard item with its verdict, quote, turn and the judge's reasoning.
 */
import type { JsonValue } from "../../graphql/graphql";

export type ItemKind = "CASE" | "CONVERSATION" | "SESSION" | "FINDING";
export const LEVELS = ["SUCCESS", "PARTIAL", "FAILURE"] as const;
export type Level = (typeof LEVELS)[number];

export interface RubricEntry {
  key: string;
  ruleType: string;
  judged: boolean;
  /** "the rule passed" for a rule, "the item fired" for a scorecard item. */
  verdict: boolean;
  quote: string | null;
  turnIndex: number | null;
  judgeModel: string | null;
  reasoning: string | null;
  params: JsonValue | null;
  critical: boolean;
  scorecardItem: boolean;
}

export interface Rubric {
  successLevel: Level | null;
  goalAchieved: boolean | null;
  goal: string | null;
  finding: { [key: string]: JsonValue } | null;
  caseKey: string | null;
  entries: RubricEntry[];
}

type JsonObject = { [key: string]: JsonValue };

export function asObject(value: JsonValue | null | undefined): JsonObject | null {
  return value && typeof value === "object" && !Array.isArray(value) ? value : null;
}

const text = (value: JsonValue | undefined): string | null => (typeof value === "string" && value !== "" ? value : null);
const bool = (value: JsonValue | undefined): boolean | null => (typeof value === "boolean" ? value : null);

function level(value: JsonValue | undefined): Level | null {
  return LEVELS.find((l) => l === value) ?? null;
}

function entryOf(raw: JsonValue): RubricEntry | null {
  const entry = asObject(raw);
  if (!entry || typeof entry.key !== "string" || typeof entry.verdict !== "boolean") return null;
  return {
    key: entry.key,
    ruleType: text(entry.ruleType) ?? entry.key,
    judged: entry.judged === true,
    verdict: entry.verdict,
    quote: text(entry.quote),
    turnIndex: typeof entry.turnIndex === "number" ? entry.turnIndex : null,
    judgeModel: text(entry.judgeModel),
    reasoning: text(entry.reasoning),
    params: entry.params ?? null,
    critical: entry.critical === true,
    scorecardItem: entry.key.startsWith("scorecard:"),
  };
}

export function readRubric(raw: JsonValue): Rubric {
  const rubric = asObject(raw) ?? {};
  const entries = Array.isArray(rubric.entries) ? rubric.entries.map(entryOf).filter((e): e is RubricEntry => e !== null) : [];
  return {
    successLevel: level(rubric.successLevel),
    goalAchieved: bool(rubric.goalAchieved),
    goal: text(rubric.goal),
    finding: asObject(rubric.finding),
    caseKey: text(rubric.caseKey),
    entries,
  };
}

export function itemKind(kind: string): ItemKind {
  return kind === "SESSION" || kind === "FINDING" || kind === "CONVERSATION" ? kind : "CASE";
}

/** Whether the item's top question is a level (1/2/3) or a yes/no (1 = yes, 2 = no). */
export function asksLevel(kind: ItemKind): boolean {
  return kind === "CASE" || kind === "CONVERSATION";
}

/** An answer's (or a final verdict's) top value: a level, or true/false, or null. */
export function topOf(kind: ItemKind, answer: JsonValue | null): Level | boolean | null {
  const object = asObject(answer);
  if (!object) return null;
  if (asksLevel(kind)) return level(object.successLevel);
  return bool(kind === "SESSION" ? object.goalAchieved : object.findingValid);
}

/** The automatic verdict's top value (a finding counts as valid as reported). */
export function machineTop(kind: ItemKind, rubric: Rubric): Level | boolean | null {
  if (asksLevel(kind)) return rubric.successLevel;
  return kind === "SESSION" ? rubric.goalAchieved : true;
}

export interface EntryAnswer { verdict: boolean; quoteRight: boolean | null }

/** An answer's per-entry verdicts. */
export function entriesOf(answer: JsonValue | null): Record<string, EntryAnswer> {
  const entries = asObject(asObject(answer)?.entries);
  const result: Record<string, EntryAnswer> = {};
  for (const [key, raw] of Object.entries(entries ?? {})) {
    const entry = asObject(raw);
    if (entry && typeof entry.verdict === "boolean") {
      result[key] = { verdict: entry.verdict, quoteRight: typeof entry.quoteRight === "boolean" ? entry.quoteRight : null };
    }
  }
  return result;
}

/** The middle value of the numbers given (null when there are none). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A reviewer as the API spells it, "name (key id)", shortened to the name (the id goes in a title). */
export function personOf(reviewer: string): string {
  return reviewer.replace(/ \([0-9a-f-]{36}\)$/, "");
}
