/**
 * A rule result's reason in the UI's language, rendered from its `detail` (what the rule
 * expected and what it got) as the server's run report does in English
 * (domain/static/outcome_explanation.py), so the Chinese page does not show English reasons.
 * A reason the rule wrote as text (`detail.reason`, a judge's rationale) stays as written.
 */
import type { TFunction } from "i18next";
import type { JsonValue } from "../../graphql/graphql";
import { scorecardReason } from "../../components/scorecards/scorecardReason";

type Detail = { [key: string]: JsonValue };
const isObject = (value: JsonValue | undefined): value is Detail =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const quoted = (items: JsonValue | undefined) =>
  (Array.isArray(items) ? items : []).map((item) => JSON.stringify(item)).join(", ");

function params(detail: Detail): Detail {
  const rule = detail.rule;
  return isObject(rule) && isObject(rule.params) ? rule.params : {};
}

type Explainer = (d: Detail, t: TFunction) => string | null;

const METRIC_EVIDENCE = ["lapses", "out_of_role", "irrelevant", "intentions"] as const;

/** A conversation metric's score and the turns it cites (counted from 1), unverified quotes marked. */
const conversationMetric: Explainer = (d, t) => {
  if (typeof d.judged_turns !== "number" || typeof d.score !== "number") return null;
  const key = METRIC_EVIDENCE.find((name) => Array.isArray(d[name]));
  const items = key ? (d[key] as JsonValue[]).filter(isObject) : [];
  const turns = items.filter((item) => key !== "intentions" || item.met !== true).map((item) => t("reasons.metricTurn", {
    turn: typeof item.turn_index === "number" ? item.turn_index + 1 : "?",
    what: typeof item.intention === "string" ? `${item.intention}: ` : "",
    quote: JSON.stringify(item.quote) + (item.verified === false ? t("reasons.unverifiedQuote") : ""),
    why: typeof item.reason === "string" ? ` (${item.reason})` : "",
  }));
  const min = typeof d.min_score === "number" ? d.min_score : params(d).min_score;
  const score = typeof min === "number" ? [t("reasons.metricScore", { score: d.score.toFixed(2), min })] : [];
  return [...score, ...turns].join("; ");
};

const EXPLAINERS: Explainer[] = [
  scorecardReason,
  conversationMetric,
  (d, t) => ("predicted" in d
    ? t("reasons.intent", { expected: String(d.expected ?? "—"), predicted: String(d.predicted), understanding: String(d.understanding ?? "—") })
    : null),
  (d, t) => {
    if (typeof d.completion_rate !== "number") return null;
    const items = [...(Array.isArray(d.slots) ? d.slots : []), ...(Array.isArray(d.steps) ? d.steps : [])].filter(isObject);
    const missing = items.filter((item) => item.filled === false || item.done === false).map((item) => String(item.name));
    const rate = d.completion_rate.toFixed(2);
    return missing.length ? t("reasons.completionMissing", { rate, missing: missing.join(", ") }) : t("reasons.completion", { rate });
  },
  (d, t) => {
    if (!("raw_score" in d)) return null;
    const wanted = params(d).min_score;
    const got = t("reasons.score", { score: String(d.raw_score), rationale: String(d.rationale ?? "") });
    return wanted === undefined || wanted === null ? got : `${t("reasons.scoreWanted", { min: String(wanted) })}${got}`;
  },
  (d, t) => {
    if (typeof d.similarity !== "number") return null;
    const got = t("reasons.similarity", { similarity: d.similarity.toFixed(2), method: String(d.method ?? "") });
    return typeof d.min_similarity === "number" ? `${t("reasons.similarityWanted", { min: d.min_similarity })}${got}` : got;
  },
  (d, t) => {
    if (!("violations" in d)) return null;
    if (!d.found) return t("reasons.noJson");
    const problems = (Array.isArray(d.violations) ? d.violations : []).filter(isObject).slice(0, 3)
      .map((v) => `${String(v.path)}: ${String(v.message)}`).join("; ");
    return t("reasons.badJson", { problems });
  },
  (d, t) => (Array.isArray(d.flagged_categories) && d.flagged_categories.length
    ? t("reasons.unsafe", { categories: d.flagged_categories.map(String).join(", ") }) : null),
  (d, t) => (typeof d.latency_ms === "number" && typeof d.max_ms === "number"
    ? t("reasons.latency", { max: d.max_ms, got: d.latency_ms }) : null),
  (d, t) => {
    if (!Array.isArray(d.missing) || !("mode" in d)) return null;
    const matched = Array.isArray(d.matched) ? d.matched : [];
    const keywords = Array.isArray(params(d).keywords) ? params(d).keywords : [...matched, ...d.missing];
    return t(d.mode === "all" ? "reasons.keywordsAll" : "reasons.keywordsAny", {
      keywords: quoted(keywords), matched: matched.length ? quoted(matched) : t("reasons.none"),
      missing: d.missing.length ? quoted(d.missing) : t("reasons.none"),
    });
  },
  // A passed check has nothing missing: it says what the reply did contain, never "it does not".
  (d, t) => (Array.isArray(d.missing) && !("mode" in d)
    ? (d.missing.length ? t("reasons.contains", { missing: quoted(d.missing) })
      : t("reasons.containsMet", { matched: quoted(d.matched) }))
    : null),
  (d, t) => (Array.isArray(d.found) && d.found.length ? t("reasons.notContains", { found: quoted(d.found) }) : null),
  (d) => (typeof d.reason === "string" && d.reason ? d.reason : null),
];

export function ruleReasonIn(result: { detail: JsonValue; error: string | null }, t: TFunction): string {
  if (result.error) return t("reasons.couldNotRun", { error: result.error });
  const detail = result.detail;
  if (!isObject(detail)) return detail === null ? "" : JSON.stringify(detail);
  for (const explain of EXPLAINERS) {
    const text = explain(detail, t);
    if (text) return text;
  }
  const { rule: _rule, judge: _judge, ...rest } = detail; // eslint-disable-line @typescript-eslint/no-unused-vars -- dropped on purpose
  const text = JSON.stringify(rest);
  return text === "{}" ? "" : text;
}
