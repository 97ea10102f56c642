/** The latest human review of an item: the reviewer's label, who and when, and the note. */
import { Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatTime } from "../time";

export interface ShownReview {
  reviewer: string;
  reviewedAt: string;
  note: string | null;
}

export function ReviewSummary({ review, label, colour }: { review: ShownReview; label: string; colour: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" data-testid="human-review">
      <Badge color={colour} variant="light" autoContrast>{t("review.badge", { label })}</Badge>
      <Text size="xs" c="dimmed">{t("review.by", { reviewer: review.reviewer, time: formatTime(review.reviewedAt, i18n.language) })}</Text>
      {review.note && <Text size="sm" className="transcript-text" w="100%">{review.note}</Text>}
    </Group>
  );
}
