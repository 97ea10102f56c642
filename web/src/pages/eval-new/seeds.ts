/** Seeds edited as a form or as JSON: conversions both ways, tested in seeds.test.ts. */
import type { JsonValue } from "../../graphql/graphql";

export interface PersonaForm {
  name: string;
  background: string;
  personality: string;
  patience: "" | "low" | "medium" | "high";
}

export interface GoalForm {
  goal: string;
  dimension: string;
  opening: string;
  /** One per line. */
  followUps: string;
  successSignals: string;
}

export interface SeedsForm {
  personas: PersonaForm[];
  goals: GoalForm[];
}

export const emptyPersona: PersonaForm = { name: "", background: "", personality: "", patience: "" };
export const emptyGoal: GoalForm = { goal: "", dimension: "", opening: "", followUps: "", successSignals: "" };

const lines = (text: string) => text.split("\n").map((l) => l.trim()).filter(Boolean);

/** The JSON the API takes; empty optional fields are left out. */
export function seedsToJson(form: SeedsForm): { [key: string]: JsonValue } {
  const personas = form.personas.map((p) => {
    const out: { [key: string]: JsonValue } = {};
    if (p.name.trim()) out.name = p.name.trim();
    if (p.background.trim()) out.background = p.background.trim();
    if (p.personality.trim()) out.personality = p.personality.trim();
    if (p.patience) out.patience = p.patience;
    return out;
  });
  const goals = form.goals.map((g) => {
    const out: { [key: string]: JsonValue } = { goal: g.goal.trim() };
    if (g.dimension.trim()) out.dimension = g.dimension.trim();
    if (g.opening.trim() || g.followUps.trim() || g.successSignals.trim()) {
      out.script = {
        opening: g.opening.trim(),
        follow_ups: lines(g.followUps),
        success_signals: lines(g.successSignals),
      };
    }
    return out;
  });
  return { personas, goals };
}

const text = (value: JsonValue | undefined): string => (typeof value === "string" ? value : "");
const textLines = (value: JsonValue | undefined): string =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").join("\n") : "";
const isObject = (value: JsonValue | undefined): value is { [key: string]: JsonValue } =>
  !!value && typeof value === "object" && !Array.isArray(value);

export type ParsedSeeds = { ok: true; form: SeedsForm; json: JsonValue } | { ok: false; message: string };

/** Parse the JSON editor's text; the form shows what it understands, the JSON is sent as is. */
export function seedsFromJson(source: string): ParsedSeeds {
  let json: JsonValue;
  try {
    json = JSON.parse(source) as JsonValue;
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (!isObject(json)) return { ok: false, message: "seeds must be a JSON object" };
  const personas = (Array.isArray(json.personas) ? json.personas : []).filter(isObject).map((p) => ({
    name: text(p.name), background: text(p.background), personality: text(p.personality),
    patience: (["low", "medium", "high"].includes(text(p.patience)) ? text(p.patience) : "") as PersonaForm["patience"],
  }));
  const goals = (Array.isArray(json.goals) ? json.goals : []).filter(isObject).map((g) => {
    const script = isObject(g.script) ? g.script : {};
    return {
      goal: text(g.goal), dimension: text(g.dimension), opening: text(script.opening),
      followUps: textLines(script.follow_ups), successSignals: textLines(script.success_signals),
    };
  });
  return { ok: true, form: { personas, goals }, json };
}
