/** Monitoring: the monitors with their volume and pass-rate sparklines, and every monitor's alert log. */
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { TableScroll } from "../../components/layout/TableScroll";
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
          <TableScroll minWidth={640} label={t("monitoring.monitors")}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("monitoring.name")}</Table.Th>
                  <Table.Th>{t("monitoring.source")}</Table.Th>
                  <Table.Th>{t("monitoring.volume")} <Text span size="xs" c="dimmed">({t("monitoring.lastWindows", { count: SPARK_WINDOWS })})</Text></Table.Th>
                  <Table.Th>{t("monitoring.passRate")}</Table.Th>
                  <Table.Th>{t("monitoring.state")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.monitors.map((m) => (
                  <MonitorRow key={m.id} id={m.id} name={m.name} active={m.active}
                    source={m.sourceId ? sources.get(m.sourceId) ?? m.sourceId : t("monitoring.anySource")} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Card>
      <AlertLog monitorId={null} />
    </Stack>
  );
}

function MonitorRow({ id, name, source, active }: { id: string; name: string; source: string; active: boolean }) {
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
    <Table.Tr>
      <Table.Td><Anchor component={Link} to={`/monitoring/monitors/${id}`} fw={500}>{name}</Anchor></Table.Td>
      <Table.Td>{source}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Sparkline values={volumes} colour="var(--mantine-color-blue-6)"
            label={t("monitoring.sparkVolume", { count: windows.length, values: said(volumes, String) })} />
          <Text size="sm" ff="monospace">{last ? last.volume : "—"}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Sparkline values={rates} max={1} colour="var(--mantine-color-green-7)"
            label={t("monitoring.sparkPass", { count: windows.length, values: said(rates, percent) })} />
          <Text size="sm" ff="monospace">{last && last.passRate.value !== null ? percent(last.passRate.value) : "—"}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge color={active ? "green" : "gray"} variant="light">{active ? t("monitoring.active") : t("monitoring.paused")}</Badge>
      </Table.Td>
    </Table.Tr>
  );
}
