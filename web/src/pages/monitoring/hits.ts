/**
 * The hits list's rows and filters: red-line hits (found at once, on the turn) and rules that
 * failed when the conversation was judged at close, filterable by rule, tag and day.
 */
import type { JsonValue } from "../../graphql/graphql";

export interface Hit {
  key: string;
  conversationId: string;
  ruleType: string;
  /** 0-based turn, null when the rule judged the whole conversation. */
  turn: number | null;
  quote: string | null;
  at: string;
  kind: "redLine" | "atClose";
}

export interface RedLineHitRow { id: string; conversationId: string; ruleType: string; turn: number; quote: string; createdAt: string }
export interface VerdictRow { conversationId: string; version: number; status: string; results: JsonValue; judgedAt: string }

const isObject = (value: JsonValue | undefined): value is { [key: string]: JsonValue } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Where a failed rule's detail points: its own `turn_index`, else its first finding's. */
function pointOf(detail: JsonValue | undefined): { turn: number | null; quote: string | null } {
  if (!isObject(detail)) return { turn: null, quote: null };
  const findings = Array.isArray(detail.findings) ? detail.findings.filter(isObject) : [];
  const first = findings[0];
  const turn = typeof detail.turn_index === "number" ? detail.turn_index
    : first && typeof first.turn_index === "number" ? first.turn_index : null;
  const quote = typeof detail.quote === "string" ? detail.quote
    : first && typeof first.quote === "string" ? first.quote : null;
  return { turn, quote };
}

/** The rules a verdict failed (an error is "could not judge", not a hit), at their turn when known. */
export function failedRules(verdict: VerdictRow): Hit[] {
  const results = Array.isArray(verdict.results) ? verdict.results.filter(isObject) : [];
  return results
    .filter((r) => r.status === "failed" && typeof r.ruleType === "string")
    .map((r, n) => ({
      key: `${verdict.conversationId}:${verdict.version}:${n}`, conversationId: verdict.conversationId,
      ruleType: String(r.ruleType), ...pointOf(r.detail), at: verdict.judgedAt, kind: "atClose" as const,
    }));
}

/** Every hit, newest first; of a conversation judged several times, only its latest version counts. */
export function hitsOf(redLines: readonly RedLineHitRow[], verdicts: readonly VerdictRow[]): Hit[] {
  const latest = new Map<string, VerdictRow>();
  for (const v of verdicts) {
    const seen = latest.get(v.conversationId);
    if (!seen || v.version > seen.version) latest.set(v.conversationId, v);
  }
  const hits: Hit[] = redLines.map((h) => ({
    key: h.id, conversationId: h.conversationId, ruleType: h.ruleType, turn: h.turn, quote: h.quote,
    at: h.createdAt, kind: "redLine",
  }));
  for (const v of latest.values()) hits.push(...failedRules(v));
  return hits.sort((a, b) => b.at.localeCompare(a.at));
}

/** A conversation's tags: each metadata field as `key=value` (each element of a list), and `tags` as given. */
export function tagsOf(metadata: JsonValue | undefined): string[] {
  if (!isObject(metadata)) return [];
  const tags: string[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item !== "string" && typeof item !== "number" && typeof item !== "boolean") continue;
      tags.push(key === "tags" ? String(item) : `${key}=${String(item)}`);
    }
  }
  return tags;
}

/** The reader's local day of an ISO time, as YYYY-MM-DD. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface HitFilter { rule: string | null; tag: string | null; day: string | null }

export function filterHits(hits: readonly Hit[], filter: HitFilter, tags: ReadonlyMap<string, string[]>): Hit[] {
  return hits.filter((h) => (!filter.rule || h.ruleType === filter.rule)
    && (!filter.day || dayOf(h.at) === filter.day)
    && (!filter.tag || (tags.get(h.conversationId) ?? []).includes(filter.tag)));
}

/** The choices each filter offers: what the hits hold, sorted (days newest first). */
export function filterChoices(hits: readonly Hit[], tags: ReadonlyMap<string, string[]>) {
  const rules = new Set(hits.map((h) => h.ruleType));
  const days = new Set(hits.map((h) => dayOf(h.at)));
  const tagSet = new Set(hits.flatMap((h) => tags.get(h.conversationId) ?? []));
  return { rules: [...rules].sort(), tags: [...tagSet].sort(), days: [...days].sort().reverse() };
}
