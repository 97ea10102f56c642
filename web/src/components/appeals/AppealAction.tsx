/**
 * "Appeal" on a verdict a run or eval page shows (a case's level, one judged rule result, a
 * session's goal, a finding): for OPERATOR and ADMIN keys. Once appealed it shows the appeal's
 * state — waiting for a reviewer, or overturned / upheld and by whom — and, once decided, lets
 * the owner appeal again (the new appeal contests the decision; its decider must be someone else).
 */
import { Badge, Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { personOf } from "../review-queues/rubric";
import { AppealVerdictDialog, type AppealSubject } from "./AppealVerdictDialog";
import { appealOf, useVerdictAppeals } from "./useVerdictAppeals";

interface Props {
  subject: AppealSubject;
  /** The verdict's target as the review tables spell it: "case:KEY#ATTEMPT", "session:ID", "finding:N". */
  target: string;
  /** "rule:<position>" when one rule result is appealed. */
  entryKey?: string | null;
  /** What is appealed, in words: names the button and the dialog. */
  label: string;
}

export function AppealAction({ subject, target, entryKey = null, label }: Props) {
  const { t } = useTranslation();
  const owner = subject.runId ? { runId: subject.runId } : { evalId: subject.evalId ?? "" };
  const { allowed, appeals, reload } = useVerdictAppeals(owner);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const appeal = appealOf(appeals, target, entryKey);
  const state = !appeal ? null : appeal.status === "OPEN" ? "open" : appeal.overturned ? "overturned" : "upheld";
  return (
    <Group gap="xs" wrap="wrap" data-testid="appeal-action">
      {appeal && state && (
        <Badge variant="light" color={state === "open" ? "gray" : state === "overturned" ? "grape" : "green"} autoContrast
          role="status" aria-label={`${t(`appeal.state.${state}`)}: ${label}`}>
          {t(`appeal.state.${state}`)}
        </Badge>
      )}
      {appeal && appeal.decidedBy && (
        <Text size="xs" c="dimmed">{t("appeal.decidedBy", { who: personOf(appeal.decidedBy) })}</Text>
      )}
      {state !== "open" && (
        <Button size="compact-xs" variant="subtle" color="grape" aria-label={`${t("appeal.action")}: ${label}`}
          onClick={() => setOpen(true)}>
          {appeal ? t("appeal.again") : t("appeal.action")}
        </Button>
      )}
      <AppealVerdictDialog subject={open ? subject : null} label={label} onClose={() => setOpen(false)}
        onAppealed={() => { setOpen(false); reload(); }} />
    </Group>
  );
}
