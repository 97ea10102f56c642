/** The reviews an arbitrator or an appeal's reviewer decides between (never shown on a blind second review). */
import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { entriesOf, personOf, topOf, type ItemKind, type RubricEntry } from "../../components/review-queues/rubric";
import { formatTime } from "../../components/time";
import type { JsonValue } from "../../graphql/graphql";
import { verdictText } from "./verdictText";

export interface ShownAnswer { reviewer: string; stage: string; answer: JsonValue; note: string | null; reviewedAt: string }

export function EarlierAnswers({ kind, answers, entries }: { kind: ItemKind; answers: ShownAnswer[]; entries: RubricEntry[] }) {
  const { t, i18n } = useTranslation();
  if (answers.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label={t("workbench.work.earlier")}>
      <Title order={3} size="h5">{t("workbench.work.earlier")}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {answers.map((answer, index) => {
          const checked = entriesOf(answer.answer);
          const changed = entries.filter((e) => checked[e.key] && checked[e.key].verdict !== e.verdict);
          const stage = t(`workbench.stage.${answer.stage as "FIRST"}`, { defaultValue: answer.stage });
          return (
            <Paper key={index} withBorder p="xs" component="article" aria-label={t("workbench.work.answerBy", { reviewer: personOf(answer.reviewer), stage })}>
              <Text size="sm" fw={700} title={answer.reviewer}>{t("workbench.work.answerBy", { reviewer: personOf(answer.reviewer), stage })}</Text>
              <Text size="sm">{verdictText(t, topOf(kind, answer.answer))}</Text>
              {changed.length > 0 && (
                <Text size="xs">{t("workbench.work.entriesChanged", { n: changed.length })}: {changed.map((e) => e.ruleType).join(", ")}</Text>
              )}
              {answer.note && <Text size="xs" className="transcript-text">“{answer.note}”</Text>}
              <Text size="xs" c="dimmed">{formatTime(answer.reviewedAt, i18n.language)}</Text>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
