/**
 * The scorecard editor's state: the scorecard's fields, grade bands and items as rows, each
 * item's check params as form values from `ruleTypes.paramsSchema` — and the document
 * (docs/scorecards.md) they become. Plain functions, tested.
 */
import { configFrom, schemaFields } from "../../components/schema-form/schemaForm";
import type { JsonValue } from "../../graphql/graphql";
import { ruleDraft, type RuleDraft, type RuleSchemas } from "../../components/rules/ruleDraft";

export interface BandDraft { name: string; min: number }

export interface ItemDraft {
  id: string;
  title: string;
  points: number;
  hitWhen: "fail" | "pass";
  perOccurrence: boolean;
  cap: number | null;
  critical: boolean;
  rule: RuleDraft;
}

export interface ScorecardDraft {
  name: string;
  version: number;
  description: string;
  base: number;
  bands: BandDraft[];
  passBand: string;
  /** Word libraries, kept as written (edited as stored versions, not here). */
  libraries: JsonValue[];
  items: ItemDraft[];
}

type JsonObject = { [key: string]: JsonValue };
const isObject = (v: JsonValue | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: JsonValue | undefined, fallback = "") => (typeof v === "string" ? v : fallback);
const number = (v: JsonValue | undefined, fallback: number) => (typeof v === "number" ? v : fallback);

export const DEFAULT_BANDS: BandDraft[] = [
  { name: "优", min: 90 }, { name: "良", min: 80 }, { name: "合格", min: 60 }, { name: "不合格", min: 0 },
];

export function newItem(n: number, schemas: RuleSchemas): ItemDraft {
  const type = schemas.has("qa_phrase") ? "qa_phrase" : [...schemas.keys()][0] ?? "qa_phrase";
  return { id: `item_${n}`, title: "", points: -5, hitWhen: "fail", perOccurrence: true, cap: null, critical: false,
    rule: ruleDraft(type, schemas) };
}

export function emptyDraft(schemas: RuleSchemas): ScorecardDraft {
  return { name: "", version: 1, description: "", base: 100, bands: DEFAULT_BANDS.map((b) => ({ ...b })), passBand: "合格",
    libraries: [], items: [newItem(1, schemas)] };
}

/** A stored (or pasted) document as a draft; the next version when `nextVersion`. */
export function draftFrom(document: JsonValue, schemas: RuleSchemas, nextVersion = false): ScorecardDraft {
  const doc = isObject(document) ? document : {};
  const bands = Array.isArray(doc.bands)
    ? doc.bands.filter(isObject).map((b) => ({ name: text(b.name), min: number(b.min, 0) }))
    : DEFAULT_BANDS.map((b) => ({ ...b }));
  const items = (Array.isArray(doc.items) ? doc.items : []).filter(isObject).map((item, i): ItemDraft => {
    const check = isObject(item.check) ? item.check : {};
    return {
      id: text(item.id, `item_${i + 1}`), title: text(item.title), points: number(item.points, 0),
      hitWhen: item.hit_when === "pass" ? "pass" : "fail", perOccurrence: item.per_occurrence !== false,
      cap: typeof item.cap === "number" ? item.cap : null, critical: item.critical === true,
      rule: ruleDraft(text(check.type, "qa_phrase"), schemas, isObject(check.params) ? check.params : null),
    };
  });
  const version = number(doc.version, 1);
  return {
    name: text(doc.name), version: nextVersion ? version + 1 : version, description: text(doc.description),
    base: number(doc.base, 100), bands, passBand: text(doc.pass_band, bands.length > 1 ? bands[bands.length - 2].name : ""),
    libraries: Array.isArray(doc.libraries) ? doc.libraries : [], items,
  };
}

export interface DraftProblem { path: string; message: string }

/** The document the draft describes, with every local problem (the server checks the rest). */
export function documentFrom(draft: ScorecardDraft, schemas: RuleSchemas): { document: JsonObject; problems: DraftProblem[] } {
  const problems: DraftProblem[] = [];
  if (!draft.name.trim()) problems.push({ path: "scorecard.name", message: "required" });
  const ids = draft.items.map((i) => i.id);
  const items = draft.items.map((item, index) => {
    const where = `scorecard.items[${index}]`;
    if (!item.id.trim()) problems.push({ path: `${where}.id`, message: "required" });
    else if (ids.indexOf(item.id) !== index) problems.push({ path: `${where}.id`, message: "duplicate" });
    const { config, errors } = configFrom(schemaFields(schemas.get(item.rule.type) ?? null), item.rule.values);
    for (const [key, code] of Object.entries(errors)) problems.push({ path: `${where}.check.params.${key}`, message: code });
    const out: JsonObject = { id: item.id, points: item.points, check: { type: item.rule.type, params: config } };
    if (item.title) out.title = item.title;
    if (item.hitWhen === "pass") out.hit_when = "pass";
    if (!item.perOccurrence) out.per_occurrence = false;
    if (item.cap !== null) out.cap = item.cap;
    if (item.critical) out.critical = true;
    return out;
  });
  const document: JsonObject = {
    name: draft.name.trim(), version: draft.version, base: draft.base,
    bands: draft.bands.map((b) => ({ name: b.name, min: b.min })), pass_band: draft.passBand, items,
  };
  if (draft.description) document.description = draft.description;
  if (draft.libraries.length) document.libraries = draft.libraries;
  return { document, problems };
}

const BOT = /^(?:a|agent|bot|assistant|坐席|客服|机器人)\s*[:：]\s*/i;
const USER = /^(?:u|user|customer|客户|用户)\s*[:：]\s*/i;

/** A pasted conversation: one message a line, `user:` / `客户：` or `bot:` / `坐席：` first
 * (a line without a prefix continues the previous message). */
export function conversationFrom(pasted: string): { role: "user" | "assistant"; content: string }[] {
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  for (const line of pasted.split(/\r?\n/)) {
    if (!line.trim()) continue;
    if (BOT.test(line)) messages.push({ role: "assistant", content: line.replace(BOT, "") });
    else if (USER.test(line)) messages.push({ role: "user", content: line.replace(USER, "") });
    else if (messages.length) messages[messages.length - 1].content += `\n${line}`;
    else messages.push({ role: "user", content: line });
  }
  return messages;
}
