/** The rubric's entries, each with its criterion, the judge's reasoning, its quote and the y/n questions. */
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { RubricEntry } from "../../components/review-queues/rubric";
import { criterionOf } from "./criterion";
import type { Draft, Question } from "./draft";

function YesNo({ label, value, current, onAnswer }: {
  label: string; value: boolean | undefined; current: boolean; onAnswer(yes: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" className="rubric-question" data-current={current ? "true" : "false"} role="group" aria-label={label} p={2}>
      <Text size="sm" fw={current ? 700 : 400}>{label}</Text>
      <Button size="compact-xs" variant={value === true ? "filled" : "default"} color="teal.9" autoContrast aria-pressed={value === true}
        onClick={() => onAnswer(true)}>{t("workbench.work.yes")} (y)</Button>
      <Button size="compact-xs" variant={value === false ? "filled" : "default"} color="red.9" autoContrast aria-pressed={value === false}
        onClick={() => onAnswer(false)}>{t("workbench.work.no")} (n)</Button>
    </Group>
  );
}

export function RubricChecklist({ entries, questions, draft, onAnswer }: {
  entries: RubricEntry[]; questions: Question[]; draft: Draft; onAnswer(index: number, yes: boolean): void;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Text size="sm" c="dimmed">{t("workbench.work.noEntries")}</Text>;
  const indexOf = (key: string, field: Question["field"]) => questions.findIndex((q) => q.entryKey === key && q.field === field);
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("workbench.work.rubric")}>
      {entries.map((entry) => {
        const verdictAt = indexOf(entry.key, "verdict");
        const quoteAt = indexOf(entry.key, "quoteRight");
        const criterion = criterionOf(entry.params);
        const verdictWord = entry.scorecardItem
          ? (entry.verdict ? t("workbench.work.hit") : t("workbench.work.noHit"))
          : (entry.verdict ? t("workbench.work.passed") : t("workbench.work.failed"));
        const active = questions[draft.cursor]?.entryKey === entry.key;
        return (
          <Paper component="li" key={entry.key} withBorder p="xs" aria-label={entry.ruleType}
            bg={active ? "var(--mantine-color-blue-0)" : undefined}>
            <Group gap="xs" justify="space-between">
              <Group gap={6}>
                <Text size="sm" fw={700}>{entry.ruleType}</Text>
                <Badge size="sm" variant="light" color={entry.verdict !== entry.scorecardItem ? "green" : "red"}>{verdictWord}</Badge>
                {entry.critical && <Badge size="sm" variant="outline" color="red">{t("workbench.work.critical")}</Badge>}
              </Group>
              {entry.judgeModel && <Text size="xs" c="dimmed">{t("workbench.work.judge", { model: entry.judgeModel })}</Text>}
            </Group>
            {criterion && <Text size="xs" mt={4}><b>{t("workbench.work.criterion")}:</b> <span className="transcript-text">{criterion}</span></Text>}
            {entry.judged && (
              <Text size="xs" mt={2}><b>{t("workbench.work.reasoning")}:</b>{" "}
                <span className="transcript-text">{entry.reasoning ?? t("workbench.work.noReasoning")}</span></Text>
            )}
            {!entry.judged && entry.reasoning && <Text size="xs" mt={2} className="transcript-text">{entry.reasoning}</Text>}
            {entry.quote && (
              <Text size="xs" mt={2}><b>{t("workbench.work.quote")}</b>
                {entry.turnIndex !== null && ` (${t("workbench.work.turn", { n: entry.turnIndex + 1 })})`}:{" "}
                <mark className="quoted-evidence transcript-text">{entry.quote}</mark></Text>
            )}
            <Stack gap={4} mt={6}>
              <YesNo label={t("workbench.work.verdictRight")} value={draft.verdictRight[entry.key]} current={draft.cursor === verdictAt}
                onAnswer={(yes) => onAnswer(verdictAt, yes)} />
              {quoteAt >= 0 && (
                <YesNo label={t("workbench.work.quoteRight")} value={draft.quoteRight[entry.key]} current={draft.cursor === quoteAt}
                  onAnswer={(yes) => onAnswer(quoteAt, yes)} />
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
