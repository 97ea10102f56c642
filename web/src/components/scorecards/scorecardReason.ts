/** A `scorecard` rule result in words: total, grade, vetoes, and each hit item at its turn (counted from 1). */
import type { TFunction } from "i18next";
import type { JsonValue } from "../../graphql/graphql";

type Detail = { [key: string]: JsonValue };
const isObject = (value: JsonValue | undefined): value is Detail =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function scorecardReason(d: Detail, t: TFunction): string | null {
  if (typeof d.scorecard !== "string" || !Array.isArray(d.items) || typeof d.total !== "number") return null;
  const parts = [t("scorecards.reasonTotal", { scorecard: d.scorecard, total: d.total, grade: String(d.grade ?? "") })];
  const vetoes = Array.isArray(d.vetoes) ? d.vetoes.map(String) : [];
  if (vetoes.length) parts.push(t("scorecards.vetoed", { items: vetoes.join(", ") }));
  for (const item of d.items.filter(isObject)) {
    if (item.status !== "hit") continue;
    const first = Array.isArray(item.evidence) ? item.evidence.find(isObject) : undefined;
    const turn = first && typeof first.turn_index === "number" ? t("scorecards.turn", { n: first.turn_index + 1 }) : "";
    parts.push(t("scorecards.reasonHit", { item: String(item.item), points: String(item.points), turn }).trim());
  }
  return parts.join("; ");
}
