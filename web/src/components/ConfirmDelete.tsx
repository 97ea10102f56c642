/** A Delete button that asks first (ConfirmAction with the delete wording). */
import type { ButtonProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ApiError } from "../graphql/errors";
import { ConfirmAction } from "./actions/ConfirmAction";

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
  return (
    <ConfirmAction button={t("ops.delete.button")} label={label} title={title} consequence={consequence}
      confirm={t("ops.delete.confirm")} conflictHint={t("ops.delete.conflict")} onConfirm={onConfirm} size={size} />
  );
}
