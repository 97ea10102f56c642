/** The reason for an appeal, in a dialog (focus starts in the reason; Esc closes; Ctrl+Enter sends). */
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { ErrorNotice } from "../ErrorNotice";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { AppealVerdictMutation } from "./queries";

/** AppealSubjectInput: runId + caseKey + attempt (+ rulePosition), or evalId + sessionId | findingIndex. */
export interface AppealSubject {
  runId?: string; caseKey?: string; attempt?: number; rulePosition?: number;
  evalId?: string; sessionId?: string; findingIndex?: number;
}

export function AppealVerdictDialog({ subject, label, onClose, onAppealed }: {
  subject: AppealSubject | null; label: string; onClose(): void; onAppealed(): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  const [sent, send] = useMutation(AppealVerdictMutation);
  async function submit() {
    if (!subject) return;
    const result = await send({ subject, reason });
    if (result.error) { setError(apiErrorFromCombined(result.error)); return; }
    setReason("");
    setError(null);
    onAppealed();
  }
  const close = () => { setError(null); onClose(); };
  return (
    <Modal opened={subject !== null} onClose={close} closeButtonProps={{ "aria-label": t("review.close") }}
      title={t("appeal.title", { what: label })}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t("appeal.explain")}</Text>
        <Textarea label={t("workbench.queue.reason")} description={t("workbench.queue.reasonHint")} required autosize minRows={3}
          value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus
          onKeyDown={(e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void submit(); }} />
        {error && <ErrorNotice error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>{t("appeal.cancel")}</Button>
          <Button onClick={() => void submit()} loading={sent.fetching}>{t("workbench.queue.sendAppeal")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
