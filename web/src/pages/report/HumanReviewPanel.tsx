/** 人工复核 on the report: findings confirmed and rejected, and how far reviewers agreed with the session verdicts. */
import { Paper, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AgreementLine, type Agreement } from "../../components/review/AgreementLine";

interface Props {
  confirmed: number | null;
  rejected: number | null;
  verdicts: Agreement | null;
}

export function HumanReviewPanel({ confirmed, rejected, verdicts }: Props) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t("review.title")}>
      <Title order={3}>{t("review.title")}</Title>
      <Text size="sm" mt="xs" data-testid="findings-reviewed">
        {t("review.findingsReviewed", { confirmed: confirmed ?? 0, rejected: rejected ?? 0 })}
      </Text>
      <AgreementLine agreement={verdicts} label={t("review.verdictAgreement")} />
      <Text size="xs" c="dimmed">{t("review.agreementHint")}</Text>
    </Paper>
  );
}
