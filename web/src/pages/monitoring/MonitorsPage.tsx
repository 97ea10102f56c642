/** Monitoring: the monitors (cards) with their volume and pass-rate sparklines, and every monitor's alert log. */
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { apiErrorFromCombined } from "../../graphql/errors";
import { useLastData } from "../../graphql/useLastData";
import { AlertLog } from "./AlertLog";
import { MonitorSparkQuery, MonitorsQuery } from "./queries";
import { Sparkline } from "./Sparkline";
import { MONITORING_REFRESH_MS, useMonitoringRefresh } from "./useMonitoringRefresh";

const SPARK_WINDOWS = 24;

export function MonitorsPage() {
  const { t } = useTranslation();
  const [result, refetch] = useQuery({ query: MonitorsQuery, requestPolicy: "cache-and-network" });
  useMonitoringRefresh(refetch);
  const data = useLastData(result.data);
  const sources = new Map((data?.monitoredSources ?? []).map((s) => [s.id, s.name]));
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t("monitoring.title")}</Title>
        <Button component={Link} to="/monitoring/monitors/new">{t("monitoring.newMonitor")}</Button>
      </Group>
      <Text size="sm" c="dimmed">{t("monitoring.intro")}</Text>
      <Card withBorder>
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={3} size="h4">{t("monitoring.monitors")}</Title>
          <Text size="xs" c="dimmed">{t("monitoring.refreshing", { seconds: MONITORING_REFRESH_MS / 1000 })}</Text>
        </Group>
        {result.error && !data && <ErrorNotice error={apiErrorFromCombined(result.error)} onRetry={() => refetch({ requestPolicy: "network-only" })} />}
        {!data && !result.error && <Loading />}
        {data && data.monitors.length === 0 && <Text size="sm">{t("monitoring.empty")}</Text>}
        {data && data.monitors.length > 0 && (
          // Cards, not a table: on a phone the sparklines stay on the screen instead of scrolling out of it.
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label={t("monitoring.monitors")}>
            {data.monitors.map((m) => (
              <MonitorCard key={m.id} id={m.id} name={m.name} active={m.active}
                source={m.sourceId ? sources.get(m.sourceId) ?? m.sourceId : t("monitoring.anySource")} />
            ))}
          </SimpleGrid>
        )}
      </Card>
      <AlertLog monitorId={null} />
    </Stack>
  );
}

function MonitorCard({ id, name, source, active }: { id: string; name: string; source: string; active: boolean }) {
  const { t } = useTranslation();
  const [result, refetch] = useQuery({ query: MonitorSparkQuery, variables: { monitorId: id, count: SPARK_WINDOWS }, requestPolicy: "cache-and-network" });
  useMonitoringRefresh(refetch);
  const windows = useLastData(result.data)?.monitorWindows ?? [];
  const volumes = windows.map((w) => w.volume);
  const rates = windows.map((w) => w.passRate.value);
  const last = windows[windows.length - 1];
  const said = (values: (number | null)[], format: (v: number) => string) =>
    values.length === 0 ? t("monitoring.noData") : values.map((v) => (v === null ? "–" : format(v))).join(", ");
  const percent = (v: number) => `${Math.round(v * 100)}%`;
  return (
    <Card withBorder padding="sm" role="listitem">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={`/monitoring/monitors/${id}`} fw={600} style={{ wordBreak: "break-word" }}>{name}</Anchor>
        <Badge color={active ? "green" : "gray"} variant="light" style={{ flexShrink: 0 }}>{active ? t("monitoring.active") : t("monitoring.paused")}</Badge>
      </Group>
      <Text size="xs" c="dimmed">{t("monitoring.source")}: {source}</Text>
      <Group mt="xs" gap="lg" wrap="wrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">{t("monitoring.volume")} · {t("monitoring.lastWindows", { count: SPARK_WINDOWS })}</Text>
          <Group gap="xs" wrap="nowrap">
            <Sparkline values={volumes} colour="var(--mantine-color-blue-6)"
              label={t("monitoring.sparkVolume", { count: windows.length, values: said(volumes, String) })} />
            <Text size="sm" ff="monospace">{last ? last.volume : "—"}</Text>
          </Group>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">{t("monitoring.passRate")}</Text>
          <Group gap="xs" wrap="nowrap">
            <Sparkline values={rates} max={1} colour="var(--mantine-color-green-7)"
              label={t("monitoring.sparkPass", { count: windows.length, values: said(rates, percent) })} />
            <Text size="sm" ff="monospace">{last && last.passRate.value !== null ? percent(last.passRate.value) : "—"}</Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
