/**
 * The judge-agreement page (issue 39 item 6): κ per rule, judge model and judge revision over
 * time — a trend line and a table per rule and model, filtered by rule, model and bucket.
 * The figures are read once per visit (and when a filter changes): no per-point subscription.
 */
import { Anchor, Card, Group, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { Loading } from "../../../components/Loading";
import { apiErrorFromCombined } from "../../../graphql/errors";
import { AgreementTable } from "./AgreementTable";
import { KappaTrend } from "./KappaTrend";
import { AgreementHistoryQuery } from "./queries";
import { toSeries } from "./series";

type Bucket = "DAY" | "WEEK";

export function AgreementPage() {
  const { t } = useTranslation();
  const [bucket, setBucket] = useState<Bucket>("WEEK");
  const [rule, setRule] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [result, refetch] = useQuery({ query: AgreementHistoryQuery, variables: { bucket }, requestPolicy: "cache-and-network" });
  const all = useMemo(() => toSeries(result.data?.judgeAgreementHistory ?? []), [result.data]);
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} onRetry={() => refetch({ requestPolicy: "network-only" })} />;
  if (!result.data) return <Loading />;
  const rules = [...new Set(all.map((s) => s.ruleType))];
  const models = [...new Set(all.map((s) => s.judgeModel))];
  const shown = all.filter((s) => (rule === null || s.ruleType === rule) && (model === null || s.judgeModel === model));
  return (
    <Stack maw={1100}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t("agreement.title")}</Title>
        <Anchor component={Link} to="/review" size="sm">{t("workbench.title")}</Anchor>
      </Group>
      <Text size="sm">{t("agreement.intro")}</Text>
      <Text size="xs" c="dimmed">{t("agreement.basisNote")}</Text>
      <Group wrap="wrap" align="end">
        <Select label={t("agreement.rule")} placeholder={t("agreement.allRules")} data={rules} value={rule} onChange={setRule}
          clearable w={220} comboboxProps={{ withinPortal: true }} />
        <Select label={t("agreement.model")} placeholder={t("agreement.allModels")} data={models} value={model} onChange={setModel}
          clearable w={220} comboboxProps={{ withinPortal: true }} />
        <Stack gap={2}>
          <Text size="sm" fw={500} id="agreement-bucket">{t("agreement.bucket")}</Text>
          <SegmentedControl aria-labelledby="agreement-bucket" value={bucket} onChange={(v) => setBucket(v as Bucket)}
            data={[{ value: "DAY", label: t("agreement.day") }, { value: "WEEK", label: t("agreement.week") }]} />
        </Stack>
      </Group>
      {shown.length === 0 && <Text size="sm" c="dimmed">{t("agreement.empty")}</Text>}
      {shown.map((series) => (
        <Card key={series.key} withBorder component="section" aria-label={t("agreement.series", { rule: series.ruleType, model: series.judgeModel })}>
          <Stack gap="xs">
            <Title order={3} size="h4">{t("agreement.series", { rule: series.ruleType, model: series.judgeModel })}</Title>
            <KappaTrend series={series} />
            <AgreementTable series={series} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
