/**
 * A Delete button that asks first: a modal names what goes and offers Delete or Keep.
 * The server's answer (e.g. CONFLICT when the thing is running again) stays in the modal.
 */
import { Button, Group, Modal, Stack, Text, type ButtonProps } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../graphql/errors";
import { ErrorNotice } from "./ErrorNotice";

interface Props {
  /** The button's accessible name, e.g. "Delete run Mia · 12:03". */
  label: string;
  /** The modal's title, naming what will be deleted. */
  title: string;
  /** What goes with it (sessions, transcripts, ...), shown under the title. */
  consequence: string;
  /** Deletes; null when done, else the API's error. */
  onConfirm(): Promise<ApiError | null>;
  size?: ButtonProps["size"];
}

export function ConfirmDelete({ label, title, consequence, onConfirm, size = "sm" }: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const close = () => {
    if (busy) return;
    setOpened(false);
    setError(null);
  };
  const confirm = async () => {
    setBusy(true);
    const failure = await onConfirm();
    setBusy(false);
    setError(failure);
    if (!failure) setOpened(false);
  };

  return (
    <>
      <Button size={size} color="red" variant="light" aria-label={label} onClick={() => setOpened(true)}>
        {t("ops.delete.button")}
      </Button>
      <Modal opened={opened} onClose={close} title={<Text fw={700}>{title}</Text>} centered>
        <Stack>
          <Text size="sm">{consequence}</Text>
          {error && <ErrorNotice error={error} />}
          {error?.code === "CONFLICT" && <Text size="sm">{t("ops.delete.conflict")}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t("ops.delete.keep")}</Button>
            <Button color="red" loading={busy} onClick={() => void confirm()}>{t("ops.delete.confirm")}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
