/** An OPERATOR appeals an item's verdict (automatic or human) with a reason. */
import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { AppealMutation } from "./queries";

export function AppealDialog({ item, onClose, onAppealed }: {
  item: { id: string; target: string } | null; onClose(): void; onAppealed(): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  const [sent, send] = useMutation(AppealMutation);
  async function submit() {
    if (!item) return;
    const result = await send({ itemId: item.id, reason });
    if (result.error) { setError(apiErrorFromCombined(result.error)); return; }
    setReason("");
    setError(null);
    onAppealed();
  }
  return (
    <Modal opened={item !== null} onClose={onClose} closeButtonProps={{ "aria-label": t("review.close") }} title={item ? t("workbench.queue.appealTitle", { target: item.target }) : ""}>
      <Stack gap="sm">
        <Textarea label={t("workbench.queue.reason")} description={t("workbench.queue.reasonHint")} required autosize minRows={3}
          value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
        {error && <ErrorNotice error={error} />}
        <Group justify="flex-end"><Button onClick={() => void submit()} loading={sent.fetching}>{t("workbench.queue.sendAppeal")}</Button></Group>
      </Stack>
    </Modal>
  );
}
