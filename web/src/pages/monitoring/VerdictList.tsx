/** Each monitor's verdicts on the conversation (latest version first): status, pass, and each rule's result. */
import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatTime } from "../../components/time";
import type { JsonValue } from "../../graphql/graphql";

interface Verdict { monitorId: string; version: number; status: string; passed: boolean | null; score: number | null; results: JsonValue; judgedAt: string }

type RuleRow = { ruleType: string; status: string; error: string | null };

function rulesOf(results: JsonValue): RuleRow[] {
  return (Array.isArray(results) ? results : []).flatMap((r) => (typeof r === "object" && r !== null && !Array.isArray(r)
    ? [{ ruleType: String(r.ruleType ?? ""), status: String(r.status ?? ""), error: typeof r.error === "string" ? r.error : null }] : []));
}

const STATUS_COLOURS: Record<string, string> = { passed: "green", failed: "red", error: "yellow" };

export function VerdictList({ verdicts, monitors }: { verdicts: readonly Verdict[]; monitors: ReadonlyMap<string, string> }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder component="section" aria-label={t("monitoring.verdicts")}>
      <Title order={3} size="h4" mb="xs">{t("monitoring.verdicts")}</Title>
      {verdicts.length === 0 && <Text size="sm">{t("monitoring.verdictsEmpty")}</Text>}
      <Stack gap="sm">
        {verdicts.map((v) => (
          <div key={`${v.monitorId}:${v.version}`}>
            <Group gap="xs" wrap="wrap">
              <Anchor size="sm" fw={600} component={Link} to={`/monitoring/monitors/${v.monitorId}`}>{monitors.get(v.monitorId) ?? v.monitorId}</Anchor>
              <Text size="xs" c="dimmed">{t("monitoring.version", { n: v.version })} · {formatTime(v.judgedAt, i18n.language)}</Text>
              <Badge variant="light" color={v.passed === null ? "gray" : v.passed ? "green" : "red"}>
                {v.passed === null ? t("monitoring.notJudged") : v.passed ? t("monitoring.passed") : t("monitoring.failed")}
              </Badge>
              {v.status !== "JUDGED" && <Badge variant="outline" color="yellow">{t(`monitoring.verdictStatus.${v.status}`, { defaultValue: v.status })}</Badge>}
            </Group>
            <Group gap={6} mt={4} wrap="wrap">
              {rulesOf(v.results).map((r, n) => (
                <Badge key={n} variant="dot" color={STATUS_COLOURS[r.status] ?? "gray"} tt="none" title={r.error ?? undefined}>
                  {r.ruleType}: {t(`monitoring.ruleStatus.${r.status}`, { defaultValue: r.status })}
                </Badge>
              ))}
            </Group>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
