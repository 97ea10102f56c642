/** A verdict in words for the queue's tables: a level's name or yes/no, with where it came from. */
import type { TFunction } from "i18next";
import { itemKind, machineTop, readRubric, topOf, type Level } from "../../components/review-queues/rubric";
import type { JsonValue } from "../../graphql/graphql";

export function valueText(t: TFunction, value: Level | boolean | null): string {
  if (value === null) return t("workbench.none");
  if (typeof value === "boolean") return value ? t("workbench.work.yes") : t("workbench.work.no");
  return t(`run.tier.${value}`);
}

export function verdictOf(t: TFunction, kind: string, verdict: JsonValue | null): string {
  return valueText(t, topOf(itemKind(kind), verdict));
}

/** The item's standing verdict: the final one with its source, else the automatic one. */
export function standingVerdict(t: TFunction, item: { kind: string; rubric: JsonValue; final: JsonValue | null; finalSource: string | null }): string {
  if (item.final !== null) {
    const source = t(`workbench.source.${(item.finalSource ?? "REVIEW") as "REVIEW"}`, { defaultValue: item.finalSource ?? "" });
    return `${verdictOf(t, item.kind, item.final)} (${source})`;
  }
  const kind = itemKind(item.kind);
  return `${valueText(t, machineTop(kind, readRubric(item.rubric)))} (${t("workbench.queue.machine")})`;
}
