/**
 * A simulated case's user as form fields — goal, opening, max turns, who plays it, follow-ups,
 * when it stops, the persona — and the `CaseInput` fields they become (`persona`, `goal`,
 * `opening`, `maxTurns`, `stopWhen`, `followUps`, `simulator`; see
 * agenteval/domain/judging/simulated_cases.py for what the server accepts). Plain, tested.
 */
import type { JsonValue } from "../../graphql/graphql";

export type Simulator = "model" | "script";
export type Patience = "" | "low" | "medium" | "high";
export const PATIENCE_LEVELS = ["low", "medium", "high"] as const;
export const MAX_TURNS_LIMIT = 50; // the server's limit
export const DEFAULT_MAX_TURNS = 10; // the server's default

type JsonObject = { [key: string]: JsonValue };

/** The seeds' persona shape: every field optional. */
export interface PersonaDraft { name: string; background: string; personality: string; patience: Patience }

export interface SimulatedDraft {
  goal: string;
  opening: string; // empty: none (a model then writes the first message)
  maxTurns: number | string; // as the number field holds it; checked on the way out
  simulator: Simulator;
  followUps: string; // one message a line
  stopOnDone: boolean; // the simulated user says the goal is reached or given up (model only)
  stopPhrases: string[]; // a reply containing one of these ends the dialog
  persona: PersonaDraft;
  // Persona keys the form has no field for, kept as they came (the server accepts them).
  personaExtra: JsonObject;
}

/** A new simulated user: a script (runs without any model), ten turns at most. */
export function emptySimulated(): SimulatedDraft {
  return {
    goal: "", opening: "", maxTurns: DEFAULT_MAX_TURNS, simulator: "script", followUps: "", stopOnDone: false,
    stopPhrases: [], persona: { name: "", background: "", personality: "", patience: "" }, personaExtra: {},
  };
}

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: JsonValue | undefined) => (typeof value === "string" ? value : "");
const PERSONA_FIELDS = ["name", "background", "personality", "patience"] as const;

/** The stored `SimulatedCase` (or a regression draft's) as form fields. */
export function simulatedDraft(stored: { [key: string]: JsonValue } | null | undefined): SimulatedDraft {
  if (!stored) return emptySimulated();
  const persona = isObject(stored.persona) ? stored.persona : {};
  const stopWhen = isObject(stored.stopWhen) ? stored.stopWhen : {};
  const phrase = stopWhen.phrase;
  const patience = text(persona.patience);
  return {
    goal: text(stored.goal),
    opening: text(stored.opening),
    maxTurns: typeof stored.maxTurns === "number" ? stored.maxTurns : DEFAULT_MAX_TURNS,
    simulator: stored.simulator === "model" ? "model" : "script",
    followUps: Array.isArray(stored.followUps) ? stored.followUps.map(text).join("\n") : "",
    stopOnDone: stopWhen.simulator === true,
    stopPhrases: Array.isArray(phrase) ? phrase.map(text) : typeof phrase === "string" ? [phrase] : [],
    persona: {
      name: text(persona.name), background: text(persona.background), personality: text(persona.personality),
      patience: (PATIENCE_LEVELS as readonly string[]).includes(patience) ? (patience as Patience) : "",
    },
    personaExtra: Object.fromEntries(Object.entries(persona).filter(([key]) => !(PERSONA_FIELDS as readonly string[]).includes(key))),
  };
}

/** The follow-ups field's messages: one a line, blank lines left out. */
export function followUpLines(value: string): string[] {
  return value.split("\n").map((line) => line.trim()).filter((line) => line !== "");
}

/** Where the fields are wrong before the server sees them, at the API's paths (`cases[0].goal`). */
export type SimulatedProblems = { path: string; message: string }[];

/** The CaseInput fields of a simulated user, and what is wrong with them (`path` is the case's: `cases[2]`). */
export function simulatedInput(draft: SimulatedDraft, path: string): { fields: JsonObject; problems: SimulatedProblems } {
  const problems: SimulatedProblems = [];
  const goal = draft.goal.trim();
  if (goal === "") problems.push({ path: `${path}.goal`, message: "required" });
  const maxTurns = typeof draft.maxTurns === "number" ? draft.maxTurns : Number(draft.maxTurns.trim() || NaN);
  if (!Number.isInteger(maxTurns) || maxTurns < 1 || maxTurns > MAX_TURNS_LIMIT) {
    problems.push({ path: `${path}.maxTurns`, message: "maxTurns" });
  }
  const followUps = followUpLines(draft.followUps);
  const opening = draft.opening.trim();
  if (draft.simulator === "script" && followUps.length === 0 && opening === "") {
    problems.push({ path: `${path}.followUps`, message: "scriptNeedsTurns" });
  }
  const persona: JsonObject = { ...draft.personaExtra };
  for (const key of PERSONA_FIELDS) {
    const value = draft.persona[key].trim();
    if (value !== "") persona[key] = value;
  }
  // Only a model says it is done; a script ends with its last follow-up (the server refuses the flag there).
  const stopWhen: JsonObject = {};
  if (draft.simulator === "model" && draft.stopOnDone) stopWhen.simulator = true;
  const phrases = draft.stopPhrases.map((p) => p.trim()).filter((p) => p !== "");
  if (phrases.length > 0) stopWhen.phrase = phrases.length === 1 ? phrases[0] : phrases;
  const fields: JsonObject = { persona, goal, maxTurns: Number.isFinite(maxTurns) ? maxTurns : DEFAULT_MAX_TURNS, stopWhen, simulator: draft.simulator };
  if (opening !== "") fields.opening = opening;
  if (followUps.length > 0) fields.followUps = followUps;
  return { fields, problems };
}
