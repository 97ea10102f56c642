/** One monitor: what it judges, the current window's counters, the trend with alert markers, its hits and alert log. */
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { TableScroll } from "../../components/layout/TableScroll";
import { apiErrorFromCombined } from "../../graphql/errors";
import { useLastData } from "../../graphql/useLastData";
import { AlertLog } from "./AlertLog";
import { BackfillForm } from "./BackfillForm";
import { HitsList } from "./HitsList";
import { AlertsQuery, MonitorQuery } from "./queries";
import { alertMarkers, rateText, trendPoints } from "./trend";
import { useMonitoringRefresh } from "./useMonitoringRefresh";
import { MonitorSummary } from "./MonitorSummary";

const TrendCharts = lazy(() => import("./TrendCharts"));
const WINDOWS = 24;

export function MonitorPage() {
  const { monitorId = "" } = useParams();
  const { t, i18n } = useTranslation();
  const [result, refetch] = useQuery({ query: MonitorQuery, variables: { monitorId, count: WINDOWS }, requestPolicy: "cache-and-network" });
  const [alerts] = useQuery({ query: AlertsQuery, variables: { monitorId }, requestPolicy: "cache-and-network" });
  const reread = useMonitoringRefresh(refetch);
  const data = useLastData(result.data);
  const alertRows = useLastData(alerts.data)?.monitorAlerts;
  const windows = useMemo(() => data?.monitorWindows ?? [], [data]);
  const points = useMemo(() => trendPoints(windows, i18n.language), [windows, i18n.language]);
  const markers = useMemo(() => alertMarkers(alertRows ?? [], windows, points), [alertRows, windows, points]);
  if (result.error && !data) return <ErrorNotice error={apiErrorFromCombined(result.error)} onRetry={reread} />;
  if (!data) return <Loading />;
  const monitor = data.monitors.find((m) => m.id === monitorId);
  if (!monitor) return <Text>{t("monitoring.monitorNotFound")}</Text>;
  const current = windows[windows.length - 1];
  const source = monitor.sourceId ? data.monitoredSources.find((s) => s.id === monitor.sourceId)?.name ?? monitor.sourceId : null;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{monitor.name}</Title>
        <Button variant="default" component={Link} to={`/monitoring/monitors/${monitor.id}/edit`}>{t("monitoring.edit")}</Button>
      </Group>
      <MonitorSummary monitor={monitor} source={source} />
      {current && (
        <Card withBorder component="section" aria-label={t("monitoring.currentWindow")}>
          <Title order={3} size="h4" mb="xs">{t("monitoring.currentWindow")}</Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Figure label={t("monitoring.volume")} value={String(current.volume)} />
            <Figure label={t("monitoring.passRate")} value={rateText(current.passRate)} />
            <Figure label={t("monitoring.judged")} value={String(current.passRate.total)} />
            <Figure label={t("monitoring.errored")} value={String(current.errored)} />
            <Figure label={t("monitoring.modelJudged")} value={String(current.modelJudged)} />
            <Figure label={t("monitoring.skippedByBudget")} value={String(current.skippedByBudget)} />
          </SimpleGrid>
        </Card>
      )}
      <Card withBorder>
        <Suspense fallback={<Loading />}><TrendCharts points={points} markers={markers} /></Suspense>
      </Card>
      {current && (
        <Card withBorder component="section" aria-label={t("monitoring.ruleHitRates")}>
          <Title order={3} size="h4" mb="xs">{t("monitoring.ruleHitRates")}</Title>
          {current.ruleHitRates.length === 0 ? <Text size="sm">{t("monitoring.noRules")}</Text> : (
            <TableScroll minWidth={360} label={t("monitoring.ruleHitRates")}>
              <Table>
                <Table.Thead><Table.Tr><Table.Th>{t("monitoring.rule")}</Table.Th><Table.Th>{t("monitoring.hitRate")}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {current.ruleHitRates.map((r) => (
                    <Table.Tr key={r.ruleType}>
                      <Table.Td><Text size="sm" ff="monospace">{r.ruleType}</Text></Table.Td>
                      <Table.Td>{rateText(r.rate)} <Text span size="xs" c="dimmed">({r.rate.successes}/{r.rate.total})</Text></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </Card>
      )}
      <HitsList monitorId={monitor.id} sourceId={monitor.sourceId} />
      <AlertLog monitorId={monitor.id} />
      <BackfillForm monitorId={monitor.id} />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}
