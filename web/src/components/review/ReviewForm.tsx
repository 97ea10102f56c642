/**
 * A review control: a "Review" button that opens the question, an optional note and one
 * button per answer. Shown only to keys that may review, and only once the run or eval has
 * ended (the page says so once, not on every item). The server still checks both, and its
 * refusal is shown.
 */
import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNotice } from "../ErrorNotice";
import type { ApiError } from "../../graphql/errors";
import { useCanReview } from "./useCanReview";

export interface ReviewChoice<V> {
  value: V;
  label: string;
  colour?: string;
  /** The answer that keeps the automatic judgement: drawn filled in its colour, the others plain. */
  primary?: boolean;
}

interface Props<V> {
  question: string;
  choices: readonly ReviewChoice<V>[];
  reviewed: boolean;
  /** Sends the review; resolves to the API's error, or null once saved. */
  onSubmit(value: V, note: string | null): Promise<ApiError | null>;
  /** What is reviewed, named in the button for assistive technology: "Review: booking-zh". */
  subject: string;
}

export function ReviewForm<V>({ question, choices, reviewed, onSubmit, subject }: Props<V>) {
  const { t } = useTranslation();
  const allowed = useCanReview();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const questionId = useId();
  if (!allowed) return null;

  const send = async (choice: ReviewChoice<V>, position: number) => {
    setSending(position);
    const failure = await onSubmit(choice.value, note.trim() || null);
    setSending(null);
    setError(failure);
    if (!failure) {
      setNote("");
      setOpen(false);
    }
  };

  if (!open) {
    const text = reviewed ? t("review.changeReview") : t("review.review");
    return (
      <Group>
        <Button size="xs" variant="default" aria-label={`${text}: ${subject}`} onClick={() => setOpen(true)}>{text}</Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" role="group" aria-labelledby={questionId} w="100%">
      <Text size="sm" fw={600} id={questionId}>{question}</Text>
      <Textarea label={t("review.note")} description={t("review.noteHint")} value={note} autosize minRows={1}
        onChange={(e) => setNote(e.currentTarget.value)} />
      <Group gap="xs">
        {choices.map((choice, position) => (
          // Outlined colours fail contrast on white: the other answers are neutral buttons.
          <Button key={position} size="xs" color={choice.colour} variant={choice.primary ? "filled" : "default"} autoContrast
            loading={sending === position} disabled={sending !== null && sending !== position}
            onClick={() => void send(choice, position)}>
            {choice.label}
          </Button>
        ))}
        <Button size="xs" variant="subtle" onClick={() => { setOpen(false); setError(null); }}>{t("review.close")}</Button>
      </Group>
      {error && <ErrorNotice error={error} />}
    </Stack>
  );
}
