/** One item under review: the transcript on one side; the question, rubric, earlier reviews and note on the other. */
import { Alert, Badge, Box, Button, Grid, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { asObject, itemKind, machineTop, personOf, readRubric } from "../../components/review-queues/rubric";
import type { JsonValue } from "../../graphql/graphql";
import { answerAt, chooseTop, questionsOf, type Draft } from "./draft";
import { EarlierAnswers, type ShownAnswer } from "./EarlierAnswers";
import { readTranscript, turnOfQuote } from "./highlight";
import { ReviewTranscript } from "./ReviewTranscript";
import { RubricChecklist } from "./RubricChecklist";
import { TopQuestion } from "./TopQuestion";

export const NOTE_ID = "review-note";

export interface ItemShown {
  id: string; stage: string; kind: string; target: string; reasons: string[]; rubric: JsonValue;
  answers: ShownAnswer[]; transcript: JsonValue | null;
  appeal: { reason: string; appealedBy: string } | null;
}

export function ItemReview({ item, draft, submitted, busy, onDraft, onSubmit, onRelease }: {
  item: ItemShown; draft: Draft; submitted: boolean; busy: boolean; onDraft(draft: Draft): void; onSubmit(): void;
  /** Gives the item back to the queue (someone else may take it); absent where that is not offered. */
  onRelease?(): void;
}) {
  const { t } = useTranslation();
  const kind = itemKind(item.kind);
  const rubric = readRubric(item.rubric);
  const questions = questionsOf(rubric.entries);
  const messages = readTranscript(item.transcript);
  const currentEntry = rubric.entries.find((e) => e.key === questions[draft.cursor]?.entryKey) ?? null;
  const judgedTurn = currentEntry ? currentEntry.turnIndex ?? turnOfQuote(messages, currentEntry.quote) : null;
  const finding = rubric.finding;
  const findingText = finding ? [finding.title, finding.description, finding.issue].find((v) => typeof v === "string") : null;
  const decides = item.stage === "ARBITRATION" || item.stage === "APPEAL";
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Box className="review-transcript" tabIndex={0} aria-label={t("workbench.work.transcript")} role="region">
          <ReviewTranscript messages={messages} judgedTurn={judgedTurn} quote={currentEntry?.quote ?? null} />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm" component="section" aria-label={t("workbench.work.submit")}>
          {item.stage === "SECOND" && <Alert color="gray" variant="light" p="xs">{t("workbench.work.blind")}</Alert>}
          {item.stage === "ARBITRATION" && <Alert color="orange" variant="light" p="xs">{t("workbench.work.arbitration")}</Alert>}
          {item.appeal && (
            <Alert color="grape" variant="light" p="xs">
              <span className="transcript-text">{t("workbench.work.appealBanner", { who: personOf(item.appeal.appealedBy), reason: item.appeal.reason })}</span>
            </Alert>
          )}
          {item.reasons.length > 0 && <Text size="xs" c="dimmed">{t("workbench.work.reasons", { reasons: item.reasons.map((r) => t(`workbench.reason.${r as "random"}`, { defaultValue: r })).join(", ") })}</Text>}
          {rubric.goal && <Text size="sm"><b>{t("workbench.work.goal")}:</b> <span className="transcript-text">{rubric.goal}</span></Text>}
          {finding && (
            <Paper withBorder p="xs">
              <Text size="sm" fw={700}>{t("workbench.work.finding")}</Text>
              <Text size="sm" className="transcript-text">{typeof findingText === "string" ? findingText : JSON.stringify(asObject(finding))}</Text>
            </Paper>
          )}
          {decides && <EarlierAnswers kind={kind} answers={item.answers} entries={rubric.entries} />}
          <TopQuestion kind={kind} machine={machineTop(kind, rubric)} value={draft.top}
            onChoose={(choice) => onDraft(chooseTop(draft, kind, choice))} />
          <Text size="sm" fw={700}>{t("workbench.work.rubric")}</Text>
          <RubricChecklist entries={rubric.entries} questions={questions} draft={draft}
            onAnswer={(index, yes) => onDraft(answerAt(draft, questions, index, yes))} />
          <Textarea id={NOTE_ID} label={t("workbench.work.note")} autosize minRows={2} maxRows={6} value={draft.note}
            onChange={(e) => onDraft({ ...draft, note: e.currentTarget.value })} />
          <Group>
            {submitted
              ? <Badge color="green" size="lg">{t("workbench.work.submitted")}</Badge>
              : <Button onClick={onSubmit} loading={busy}>{t("workbench.work.submit")} (Enter)</Button>}
            {!submitted && onRelease && <Button variant="default" onClick={onRelease}>{t("workbench.work.release")}</Button>}
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
