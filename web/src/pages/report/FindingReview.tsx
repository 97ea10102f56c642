/** 人工复核 of one finding: its latest review, and Confirm / Reject with a note. */
import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { apiErrorFromCombined } from "../../graphql/errors";
import { ReviewForm, type ReviewChoice } from "../../components/review/ReviewForm";
import { ReviewSummary, type ShownReview } from "../../components/review/ReviewSummary";
import { ReviewFindingMutation } from "./queries";
import { AppealAction } from "../../components/appeals/AppealAction";

export type Decision = "CONFIRMED" | "REJECTED";
export type FindingReviewShown = ShownReview & { decision: Decision | null };

interface Props {
  evalId: string;
  reportIndex: number;
  review: FindingReviewShown | null;
  finished: boolean;
  onReviewed(): void;
}

export function FindingReview({ evalId, reportIndex, review, finished, onReviewed }: Props) {
  const { t } = useTranslation();
  const [, send] = useMutation(ReviewFindingMutation);
  const choices: ReviewChoice<Decision>[] = [
    { value: "CONFIRMED", label: t("review.confirm"), colour: "green", primary: true },
    { value: "REJECTED", label: t("review.reject"), colour: "red" },
  ];
  return (
    <Stack gap={6} mt="sm">
      {review?.decision && (
        <ReviewSummary review={review} colour={review.decision === "CONFIRMED" ? "green" : "red"}
          label={t(`review.decision.${review.decision}`)} />
      )}
      {finished && <ReviewForm question={t("review.findingQuestion")} choices={choices} reviewed={!!review}
        subject={t("review.historyTarget.finding", { n: reportIndex + 1 })}
        onSubmit={async (decision, note) => {
          const result = await send({ evalId, findingIndex: reportIndex, decision, note });
          if (result.error) return apiErrorFromCombined(result.error);
          onReviewed();
          return null;
        }} />}
      {finished && <AppealAction subject={{ evalId, findingIndex: reportIndex }} target={`finding:${reportIndex}`}
        label={t("appeal.finding", { n: reportIndex + 1 })} />}
    </Stack>
  );
}
