/** A verdict's top value in the reader's words: a level's name, or yes/no. */
import type { TFunction } from "i18next";
import type { Level } from "../../components/review-queues/rubric";

export function verdictText(t: TFunction, value: Level | boolean | null): string {
  if (value === null) return t("workbench.none");
  if (typeof value === "boolean") return value ? t("workbench.work.yes") : t("workbench.work.no");
  return t(`run.tier.${value}`);
}
