/** The alert log (all monitors, or one): red lines and drops, with Acknowledge, Mute and "add to regression". */
import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { AddToRegression } from "../../components/regression/AddToRegression";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import type { ResultOf } from "../../graphql/graphql";
import { useLastData } from "../../graphql/useLastData";
import { alertFacts, conversationLink } from "./alerts";
import { AcknowledgeAlertMutation, AlertsQuery, MuteAlertMutation } from "./queries";
import { useMonitoringRefresh } from "./useMonitoringRefresh";

type Alert = ResultOf<typeof AlertsQuery>["monitorAlerts"][number];
const STATE_COLOURS: Record<string, string> = { OPEN: "red", ACKNOWLEDGED: "blue", MUTED: "gray" };
const percent = (v: number | null) => (v === null ? "—" : `${Math.round(v * 1000) / 10}%`);

export function AlertLog({ monitorId }: { monitorId: string | null }) {
  const { t } = useTranslation();
  const [show, setShow] = useState<"open" | "all">("all");
  const [result, refetch] = useQuery({ query: AlertsQuery, variables: { monitorId }, requestPolicy: "cache-and-network" });
  const reread = useMonitoringRefresh(refetch);
  const data = useLastData(result.data);
  const names = new Map((data?.monitors ?? []).map((m) => [m.id, m.name]));
  const alerts = data?.monitorAlerts ?? [];
  const open = alerts.filter((a) => a.state === "OPEN").length;
  const shown = show === "open" ? alerts.filter((a) => a.state === "OPEN") : alerts;
  return (
    <Card withBorder component="section" aria-label={t("monitoring.alerts")}>
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Group gap="xs">
          <Title order={3} size="h4">{t("monitoring.alerts")}</Title>
          <Badge color={open ? "red" : "gray"} variant={open ? "filled" : "light"}
            aria-label={`${t("monitoring.openAlerts")}: ${open}`}>{t("monitoring.openAlerts")}: {open}</Badge>
        </Group>
        <SegmentedControl size="xs" value={show} onChange={(v) => setShow(v === "open" ? "open" : "all")}
          data={[{ value: "all", label: t("monitoring.showAll") }, { value: "open", label: t("monitoring.showOpen") }]} />
      </Group>
      <Text size="sm" c="dimmed" mb="sm">{t("monitoring.alertsIntro")}</Text>
      {result.error && !data && <ErrorNotice error={apiErrorFromCombined(result.error)} onRetry={reread} />}
      {!data && !result.error && <Loading />}
      {data && shown.length === 0 && <Text size="sm">{t("monitoring.alertsEmpty")}</Text>}
      <Stack gap="xs">
        {shown.map((alert) => (
          <AlertItem key={alert.id} alert={alert} monitorName={monitorId ? null : names.get(alert.monitorId) ?? alert.monitorId} />
        ))}
      </Stack>
    </Card>
  );
}

function AlertItem({ alert, monitorName }: { alert: Alert; monitorName: string | null }) {
  const { t, i18n } = useTranslation();
  const [acked, acknowledge] = useMutation(AcknowledgeAlertMutation);
  const [muted, mute] = useMutation(MuteAlertMutation);
  const facts = alertFacts(alert.detail);
  const what = `${t(`monitoring.alertKind.${alert.kind}`, { defaultValue: alert.kind })} ${alert.ruleType ?? ""} ${formatTime(alert.createdAt, i18n.language)}`.replace(/\s+/g, " ");
  const failure = acked.error ?? muted.error;
  return (
    <Card withBorder padding="sm" radius="sm" component="article" aria-label={what}
      style={{ borderLeft: `4px solid var(--mantine-color-${alert.kind === "DROP" ? "orange" : "red"}-6)` }}>
      <Group gap="xs" wrap="wrap">
        <Badge color={alert.kind === "DROP" ? "orange" : "red"} variant="light">
          {t(`monitoring.alertKind.${alert.kind}`, { defaultValue: alert.kind })}
        </Badge>
        {alert.ruleType && <Text size="sm" ff="monospace">{alert.ruleType}</Text>}
        <Badge color={STATE_COLOURS[alert.state] ?? "gray"} variant="outline">
          {t(`monitoring.alertState.${alert.state}`, { defaultValue: alert.state })}
        </Badge>
        <Text size="xs" c="dimmed">{formatTime(alert.createdAt, i18n.language)}</Text>
        {monitorName && <Anchor size="sm" component={Link} to={`/monitoring/monitors/${alert.monitorId}`}>{monitorName}</Anchor>}
      </Group>
      {facts.quote && <Text size="sm" mt={6} style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>“{facts.quote}”</Text>}
      {facts.drop && (
        <Text size="sm" mt={6}>
          {t("monitoring.dropText", { value: percent(facts.drop.value), low: percent(facts.drop.low), high: percent(facts.drop.high),
            previous: percent(facts.drop.previous), p: facts.drop.pValue ?? "—" })}
        </Text>
      )}
      <Group gap="xs" mt="xs" wrap="wrap">
        {alert.conversationId && (
          <Anchor size="sm" component={Link} to={conversationLink(alert.conversationId, facts.turn)}>
            {t("monitoring.openConversation")}{facts.turn !== null ? ` · ${t("monitoring.turnN", { n: facts.turn + 1 })}` : ""}
          </Anchor>
        )}
        <Group gap="xs" ml="auto" wrap="wrap">
          {alert.state === "OPEN" && (
            <Button size="compact-sm" variant="light" loading={acked.fetching} aria-label={t("monitoring.acknowledgeLabel", { what })}
              onClick={() => void acknowledge({ id: alert.id })}>{t("monitoring.acknowledge")}</Button>
          )}
          {alert.state !== "MUTED" && (
            <Button size="compact-sm" variant="default" loading={muted.fetching} aria-label={t("monitoring.muteLabel", { what })}
              onClick={() => void mute({ id: alert.id })}>{t("monitoring.mute")}</Button>
          )}
          {alert.conversationId && (
            <AddToRegression what={t("monitoring.regressionUpTo", { n: (facts.turn ?? 0) + 1 })}
              source={{ kind: "conversation", conversationId: alert.conversationId, upToTurn: facts.turn ?? undefined }} />
          )}
        </Group>
      </Group>
      {failure && <ErrorNotice error={apiErrorFromCombined(failure)} />}
    </Card>
  );
}
