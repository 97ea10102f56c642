/** The run's numbers: L1/L2/L3 next to the pass rate, each with its one-line definition. */
import { Card, Group, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AgreementLine, type Agreement } from "../review/AgreementLine";
import { PassHatCurve } from "./PassHatCurve";

export interface Summary {
  totalCases: number; passedCases: number; passRate: number; successRate: number;
  successCount: number; partialCount: number; failureCount: number; errorCount: number;
  intentAccuracy: number | null; avgCompletion: number | null; passHatK: number | null;
  /** pass^1..pass^repeat; null when repeat is 1. */
  passHatCurve?: number[] | null;
  latencyP50Ms: number | null; latencyP95Ms: number | null;
  /** Null until a case is reviewed. */
  humanAgreement?: Agreement | null;
}

const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 1000) / 10}%`);

function Metric({ label, value, definition }: { label: string; value: string; definition: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" fw={600}>{label}</Text>
      <Text size="xl" fw={700}>{value}</Text>
      <Text size="xs" c="dimmed">{definition}</Text>
    </Card>
  );
}

export function MetricsPanel({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const ms = (value: number | null) => (value === null ? "—" : t("session.latency", { ms: value }));
  return (
    <section aria-label={t("run.metrics")}>
      <Title order={3} size="h4" mb="xs">{t("run.metrics")}</Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Metric label={t("run.l1")} value={percent(summary.intentAccuracy)} definition={t("run.l1Def")} />
        <Metric label={t("run.l2")} value={percent(summary.avgCompletion)} definition={t("run.l2Def")} />
        <Metric label={t("run.l3")} value={percent(summary.successRate)} definition={t("run.l3Def")} />
        <Metric label={t("run.passRate")} value={percent(summary.passRate)} definition={t("run.passRateDef")} />
      </SimpleGrid>
      <Group mt="sm" gap="xl">
        <Text size="sm">{t("run.counts", { success: summary.successCount, partial: summary.partialCount, failure: summary.failureCount })}</Text>
        <Text size="sm">{t("run.errors", { count: summary.errorCount })}</Text>
        <Text size="sm">{t("run.passed", { passed: summary.passedCases, total: summary.totalCases })}</Text>
        <Text size="sm">{t("run.passHatK")}: {percent(summary.passHatK)}</Text>
        <Text size="sm">{t("run.latency", { p50: ms(summary.latencyP50Ms), p95: ms(summary.latencyP95Ms) })}</Text>
      </Group>
      {summary.passHatCurve && summary.passHatCurve.length > 1 && <PassHatCurve curve={summary.passHatCurve} />}
      {summary.humanAgreement && (
        <Card withBorder padding="sm" mt="sm" component="section" aria-label={t("review.agreementTitle")}>
          <Text size="sm" fw={600}>{t("review.agreementTitle")}</Text>
          <AgreementLine agreement={summary.humanAgreement} />
          <Text size="xs" c="dimmed">{t("review.agreementHint")}</Text>
        </Card>
      )}
    </section>
  );
}
