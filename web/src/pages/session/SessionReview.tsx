/** 人工复核 of a session: the automatic verdict beside the reviewer's "goal achieved?" answer. */
import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { apiErrorFromCombined } from "../../graphql/errors";
import { ReviewForm, type ReviewChoice } from "../../components/review/ReviewForm";
import { ReviewSummary, type ShownReview } from "../../components/review/ReviewSummary";
import { useCanReview } from "../../components/review/useCanReview";
import { ReviewSessionMutation } from "./queries";
import { AppealAction } from "../../components/appeals/AppealAction";

interface Props {
  sessionId: string;
  evalId: string;
  automatic: boolean | null;
  review: (ShownReview & { goalAchieved: boolean | null }) | null;
  finished: boolean;
  onReviewed(): void;
}

export function SessionReview({ sessionId, evalId, automatic, review, finished, onReviewed }: Props) {
  const { t } = useTranslation();
  const [, send] = useMutation(ReviewSessionMutation);
  const allowed = useCanReview();
  const answer = (value: boolean) => (value ? t("common.yes") : t("common.no"));
  // The answer that keeps the automatic verdict comes first.
  const yes: ReviewChoice<boolean> = { value: true, label: t("review.goalYes"), colour: "green", primary: automatic !== false };
  const no: ReviewChoice<boolean> = { value: false, label: t("review.goalNo"), colour: "red", primary: automatic === false };
  const agrees = review?.goalAchieved === automatic;
  return (
    <Paper withBorder p="md" component="section" aria-label={t("review.title")}>
      <Title order={3}>{t("review.title")}</Title>
      <SimpleGrid mt="xs" cols={{ base: 1, sm: 2 }}>
        <Stack gap={4} data-testid="automatic-verdict">
          <Text size="sm" fw={600}>{t("review.automatic")}</Text>
          <Text size="sm">{automatic === null ? t("review.noVerdict") : t("review.automaticVerdict", { answer: answer(automatic) })}</Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>{t("review.human")}</Text>
          {review && review.goalAchieved !== null ? (
            <ReviewSummary review={review} colour={agrees ? "green" : "orange"}
              label={t("review.humanVerdict", { answer: answer(review.goalAchieved) })} />
          ) : <Text size="sm">{t("review.notReviewed")}</Text>}
        </Stack>
      </SimpleGrid>
      <Stack mt="sm">
        {!finished && allowed && <Text size="sm" c="dimmed">{t("review.onlyFinished")}</Text>}
        {finished && <ReviewForm question={t("review.goalQuestion")} choices={automatic === false ? [no, yes] : [yes, no]}
          reviewed={!!review} subject={t("review.goalQuestion")}
          onSubmit={async (goalAchieved, note) => {
            const result = await send({ sessionId, goalAchieved, note });
            if (result.error) return apiErrorFromCombined(result.error);
            onReviewed();
            return null;
          }} />}
        {finished && <AppealAction subject={{ evalId, sessionId }} target={`session:${sessionId}`} label={t("appeal.session")} />}
      </Stack>
    </Paper>
  );
}
