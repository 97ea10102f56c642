/** How the run report orders, filters and summarises case outcomes (plain, tested). */
import type { JsonValue } from "../../graphql/graphql";

export type Tier = "SUCCESS" | "PARTIAL" | "FAILURE";

export interface OutcomeLike {
  caseKey: string;
  attempt: number;
  passed: boolean;
  successLevel: Tier;
  score: number;
  error: string | null;
  tags?: readonly string[] | null;
  results: readonly { ruleType: string; passed: boolean; detail: JsonValue; error: string | null }[];
}

const TIER_ORDER: Record<Tier, number> = { FAILURE: 0, PARTIAL: 1, SUCCESS: 2 };

/** Failing first: errors, then failures, partials, successes; lower score first; then case order. */
export function failingFirst<T extends OutcomeLike>(outcomes: readonly T[]): T[] {
  return outcomes
    .map((outcome, position) => ({ outcome, position }))
    .sort((a, b) => {
      const rank = (o: OutcomeLike) => (o.error ? -1 : o.passed ? 3 : TIER_ORDER[o.successLevel]);
      return rank(a.outcome) - rank(b.outcome) || a.outcome.score - b.outcome.score || a.position - b.position;
    })
    .map((entry) => entry.outcome);
}

/** The tier and failing-rule filters work on the loaded cases; the tag filter is the server's. */
export interface OutcomeFilter {
  tier: Tier | null;
  failingRule: string | null;
}

export function filterOutcomes<T extends OutcomeLike>(outcomes: readonly T[], filter: OutcomeFilter): T[] {
  return outcomes.filter((o) => (!filter.tier || o.successLevel === filter.tier)
    && (!filter.failingRule || o.results.some((r) => r.ruleType === filter.failingRule && !r.passed)));
}

/**
 * The tags to filter by: the scenario's case tags and those on the loaded cases (the run
 * keeps its own snapshot of the scenario, which may differ), and always the chosen one,
 * so narrowing the list never takes the other tags away.
 */
export function tagOptions(scenarioCases: readonly { tags: readonly string[] }[], outcomes: readonly OutcomeLike[],
  chosen: string | null): string[] {
  const tags = [...scenarioCases.flatMap((c) => c.tags), ...outcomes.flatMap((o) => o.tags ?? []), ...(chosen ? [chosen] : [])];
  return [...new Set(tags)].sort();
}

/** The rule types that failed somewhere, for the filter. */
export function failingRuleTypes(outcomes: readonly OutcomeLike[]): string[] {
  return [...new Set(outcomes.flatMap((o) => o.results.filter((r) => !r.passed).map((r) => r.ruleType)))].sort();
}

type JsonObject = { [key: string]: JsonValue };
const isObject = (v: JsonValue | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

const list = (value: JsonValue | undefined) => (Array.isArray(value) ? value.map((v) => JSON.stringify(v)).join(", ") : "");

/**
 * A rule's reason in one line: its error, its `reason`, the usual detail fields (what was
 * missing, expected against got, latency against its limit), else the detail as JSON
 * without the echoed rule.
 */
export function ruleReason(result: { detail: JsonValue; error: string | null }): string {
  if (result.error) return result.error;
  const detail = result.detail;
  if (!isObject(detail)) return detail === null ? "" : JSON.stringify(detail);
  if (typeof detail.reason === "string") return detail.reason;
  const parts: string[] = [];
  if (Array.isArray(detail.missing) && detail.missing.length > 0) parts.push(`missing ${list(detail.missing)}`);
  if (Array.isArray(detail.found) && detail.found.length > 0) parts.push(`found ${list(detail.found)}`);
  if ("expected" in detail && "predicted" in detail) parts.push(`expected ${JSON.stringify(detail.expected)}, got ${JSON.stringify(detail.predicted)}`);
  if (typeof detail.latency_ms === "number" && typeof detail.max_ms === "number") parts.push(`${detail.latency_ms} ms (max ${detail.max_ms} ms)`);
  parts.push(...metricEvidence(detail));
  if (typeof detail.rationale === "string") parts.push(detail.rationale);
  if (parts.length > 0) return parts.join("; ");
  const { rule: _rule, judge: _judge, ...rest } = detail; // eslint-disable-line @typescript-eslint/no-unused-vars -- dropped on purpose
  const text = JSON.stringify(rest);
  return text === "{}" ? "" : text;
}

const METRIC_EVIDENCE = ["lapses", "out_of_role", "irrelevant", "intentions"] as const;

/** A conversation metric's cited turns: `turn 2: "quote" (why)`, unverified quotes marked. */
export function metricEvidence(detail: Record<string, JsonValue>): string[] {
  if (typeof detail.judged_turns !== "number" || typeof detail.score !== "number") return [];
  const key = METRIC_EVIDENCE.find((name) => Array.isArray(detail[name]));
  const items = key ? (detail[key] as JsonValue[]).filter(isObject) : [];
  return items.filter((item) => key !== "intentions" || item.met !== true).map((item) => {
    const what = typeof item.intention === "string" ? `${item.intention}: ` : "";
    const unverified = item.verified === false ? " (quote not in the transcript)" : "";
    const why = typeof item.reason === "string" ? ` (${item.reason})` : "";
    return `turn ${String(item.turn_index)}: ${what}${JSON.stringify(item.quote)}${unverified}${why}`;
  });
}

export interface CompletionItem {
  name: string;
  description: string;
  kind: "slot" | "step";
  done: boolean;
  turnIndex: number | null;
  quote: string | null;
  verified: boolean | null;
  inOrder: boolean | null;
}

export interface CompletionSummary {
  collected: number;
  required: number;
  rate: number | null;
  minRate: number | null;
  items: CompletionItem[];
}

/** `task_completion` detail: slots (filled) and steps (done) with their turn, quote and checks. */
export function completionSummary(detail: JsonValue): CompletionSummary | null {
  if (!isObject(detail) || (!Array.isArray(detail.slots) && !Array.isArray(detail.steps))) return null;
  const read = (list: JsonValue | undefined, kind: "slot" | "step", flag: string): CompletionItem[] =>
    (Array.isArray(list) ? list : []).filter(isObject).map((item) => ({
      name: String(item.name ?? ""),
      description: String(item.description ?? ""),
      kind,
      done: item[flag] === true,
      turnIndex: typeof item.turn_index === "number" ? item.turn_index : null,
      quote: typeof item.quote === "string" ? item.quote : null,
      verified: typeof item.quote_verified === "boolean" ? item.quote_verified : null,
      inOrder: typeof item.in_order === "boolean" ? item.in_order : null,
    }));
  const items = [...read(detail.slots, "slot", "filled"), ...read(detail.steps, "step", "done")];
  return {
    collected: items.filter((i) => i.done).length,
    required: items.length,
    rate: typeof detail.completion_rate === "number" ? detail.completion_rate : null,
    minRate: typeof detail.min_completion_rate === "number" ? detail.min_completion_rate : null,
    items,
  };
}

/** The confusion matrix as rows × columns of counts (labels sorted, missing cells 0). */
export function confusionGrid(cells: readonly { expected: string; predicted: string; count: number }[]) {
  const expected = [...new Set(cells.map((c) => c.expected))].sort();
  const predicted = [...new Set(cells.map((c) => c.predicted))].sort();
  const counts = expected.map((e) => predicted.map((p) => cells.find((c) => c.expected === e && c.predicted === p)?.count ?? 0));
  const max = Math.max(1, ...counts.flat());
  return { expected, predicted, counts, max };
}

export interface LatencyBucket { label: string; count: number }

/**
 * Turn latencies in `buckets` equal-width bins from 0 to the slowest turn (ms);
 * turns without a latency (errors) are left out.
 */
export function latencyHistogram(latencies: readonly (number | null)[], buckets = 10): LatencyBucket[] {
  const known = latencies.filter((l): l is number => l !== null);
  if (known.length === 0) return [];
  const width = Math.max(1, Math.ceil((Math.max(...known) + 1) / buckets));
  const counts = new Array<number>(buckets).fill(0);
  for (const latency of known) counts[Math.min(buckets - 1, Math.floor(latency / width))] += 1;
  return counts.map((count, i) => ({ label: `${i * width}–${(i + 1) * width}`, count }));
}
