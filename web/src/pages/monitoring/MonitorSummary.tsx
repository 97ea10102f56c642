/** What a monitor selects and judges, in one card: source, metadata match, rules, red lines, sampling, budget. */
import { Badge, Card, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { JsonValue } from "../../graphql/graphql";

interface Monitor {
  metadataMatch: JsonValue; judge: JsonValue; redLines: JsonValue; sampleRate: number;
  stratifyBy: string | null; dailyModelBudget: number | null; active: boolean;
}

const typesOf = (list: JsonValue | undefined): string[] => (Array.isArray(list) ? list : [])
  .map((r) => (typeof r === "object" && r !== null && !Array.isArray(r) ? String(r.type ?? "") : "")).filter(Boolean);

export function MonitorSummary({ monitor, source }: { monitor: Monitor; source: string | null }) {
  const { t } = useTranslation();
  const logicName = (logic: JsonValue | undefined) => (logic === "ANY" ? t("monitoring.logicAny")
    : logic === "WEIGHTED" ? t("monitoring.logicWeighted") : t("monitoring.logicAll"));
  const judge = typeof monitor.judge === "object" && monitor.judge !== null && !Array.isArray(monitor.judge) ? monitor.judge : {};
  const rules = typesOf(judge.rules);
  const redLines = typesOf(monitor.redLines);
  const match = typeof monitor.metadataMatch === "object" && monitor.metadataMatch !== null && !Array.isArray(monitor.metadataMatch)
    ? Object.entries(monitor.metadataMatch).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join("|") : String(v)}`) : [];
  return (
    <Card withBorder component="section" aria-label={t("monitoring.settings")}>
      <Group gap="xs" wrap="wrap">
        <Badge color={monitor.active ? "green" : "gray"} variant="light">{monitor.active ? t("monitoring.active") : t("monitoring.paused")}</Badge>
        <Text size="sm">{t("monitoring.source")}: <b>{source ?? t("monitoring.anySource")}</b></Text>
        {match.map((m) => <Badge key={m} variant="outline" color="gray" tt="none">{m}</Badge>)}
      </Group>
      <Text size="sm" mt={6}>
        {t("monitoring.judgesRules", { count: rules.length, logic: logicName(judge.ruleLogic) })}
        {rules.length > 0 && <Text span size="sm" ff="monospace"> — {rules.join(", ")}</Text>}
      </Text>
      <Text size="sm">
        {t("monitoring.redLinesCount", { count: redLines.length })}
        {redLines.length > 0 && <Text span size="sm" ff="monospace"> — {redLines.join(", ")}</Text>}
      </Text>
      <Text size="sm" c="dimmed">
        {t("monitoring.sampling", { percent: Math.round(monitor.sampleRate * 1000) / 10 })}
        {monitor.stratifyBy ? ` · ${t("monitoring.stratifyBy")}: ${monitor.stratifyBy}` : ""}
        {` · ${t("monitoring.budget")}: ${monitor.dailyModelBudget ?? t("monitoring.noBudget")}`}
      </Text>
    </Card>
  );
}
