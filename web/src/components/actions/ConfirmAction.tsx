/**
 * A button for an action that cannot be undone: a modal names what happens and offers the
 * action or Keep. The server's answer (e.g. CONFLICT) stays in the modal, so a refusal is read
 * where the decision was made.
 */
import { Button, Group, Modal, Stack, Text, type ButtonProps } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../../graphql/errors";
import { ErrorNotice } from "../ErrorNotice";

export interface ConfirmActionProps {
  /** The button's text, e.g. "Revoke". */
  button: string;
  /** The button's accessible name when the text alone is ambiguous, e.g. "Revoke: ci key". */
  label?: string;
  /** The modal's title, naming what the action does to what. */
  title: string;
  /** What happens, shown under the title. */
  consequence: string;
  /** The confirming button's text, e.g. "Revoke the key". */
  confirm: string;
  /** Something to read before confirming (a warning, an input), under the consequence. */
  children?: ReactNode;
  /** Extra help shown under a CONFLICT refusal. */
  conflictHint?: string;
  /** Does it; null when done, else the API's error. */
  onConfirm(): Promise<ApiError | null>;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  disabled?: boolean;
}

export function ConfirmAction({ button, label, title, consequence, confirm, children, conflictHint, onConfirm,
  size = "sm", variant = "light", disabled }: ConfirmActionProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const close = () => {
    if (busy) return;
    setOpened(false);
    setError(null);
  };
  const run = async () => {
    setBusy(true);
    const failure = await onConfirm();
    setBusy(false);
    setError(failure);
    if (!failure) setOpened(false);
  };

  return (
    <>
      {/* An outline button's text is the colour itself on white: red.9 keeps it above 4.5:1. */}
      <Button size={size} color={variant === "outline" ? "red.9" : "red"} variant={variant} aria-label={label} disabled={disabled}
        onClick={() => setOpened(true)}>
        {button}
      </Button>
      <Modal opened={opened} onClose={close} title={<Text fw={700}>{title}</Text>} centered
        closeButtonProps={{ "aria-label": t("safe.close") }}>
        <Stack>
          <Text size="sm">{consequence}</Text>
          {children}
          {error && <ErrorNotice error={error} />}
          {error?.code === "CONFLICT" && conflictHint && <Text size="sm">{conflictHint}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>{t("ops.delete.keep")}</Button>
            <Button color="red" loading={busy} onClick={() => void run()}>{confirm}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
