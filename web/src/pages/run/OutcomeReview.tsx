/** 人工复核 of one case attempt: its latest review, and the level a reviewer says is right. */
import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { apiErrorFromCombined } from "../../graphql/errors";
import { ReviewForm, type ReviewChoice } from "../../components/review/ReviewForm";
import { ReviewSummary, type ShownReview } from "../../components/review/ReviewSummary";
import { caseReviewState } from "../../components/review/review";
import type { Tier } from "./outcomes";
import { ReviewCaseOutcomeMutation } from "./queries";
import { AppealAction } from "../../components/appeals/AppealAction";

const LEVELS: readonly Tier[] = ["SUCCESS", "PARTIAL", "FAILURE"];
const TIER_COLOUR = { SUCCESS: "green", PARTIAL: "yellow", FAILURE: "red" } as const;

interface Props {
  runId: string;
  finished: boolean;
  outcome: { caseKey: string; attempt: number; successLevel: Tier; review: (ShownReview & { successLevel: Tier | null }) | null };
  label: string;
  onReviewed(): void;
}

export function OutcomeReview({ runId, finished, outcome, label, onReviewed }: Props) {
  const { t } = useTranslation();
  const [, review] = useMutation(ReviewCaseOutcomeMutation);
  const human = outcome.review;
  const state = caseReviewState(outcome.successLevel, human?.successLevel);
  // The automatic level first, as "Confirm"; the others as corrections.
  const choices: ReviewChoice<Tier>[] = [outcome.successLevel, ...LEVELS.filter((l) => l !== outcome.successLevel)].map((level) => ({
    value: level,
    colour: TIER_COLOUR[level],
    primary: level === outcome.successLevel,
    label: level === outcome.successLevel
      ? t("review.confirmLevel", { level: t(`run.tier.${level}`) })
      : t("review.correctTo", { level: t(`run.tier.${level}`) }),
  }));
  return (
    <Stack gap={6} mt="xs">
      {human && human.successLevel && (
        <ReviewSummary review={human} colour={state === "confirmed" ? "green" : "orange"}
          label={state === "confirmed" ? t("review.confirmed") : t("review.corrected", { level: t(`run.tier.${human.successLevel}`) })} />
      )}
      {finished && <ReviewForm question={t("review.caseQuestion")} choices={choices} reviewed={!!human}
        subject={label}
        onSubmit={async (successLevel, note) => {
          const result = await review({ runId, caseKey: outcome.caseKey, attempt: outcome.attempt, successLevel, note });
          if (result.error) return apiErrorFromCombined(result.error);
          onReviewed();
          return null;
        }} />}
      {finished && <AppealAction subject={{ runId, caseKey: outcome.caseKey, attempt: outcome.attempt }}
        target={`case:${outcome.caseKey}#${outcome.attempt}`} label={t("appeal.caseLevel", { case: label })} />}
    </Stack>
  );
}
