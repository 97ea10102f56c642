/**
 * Compare 2–10 runs (`/compare?runs=base,a,b`): absolute metrics with their change against the
 * base and the server's significance, then a cases × runs matrix filtered by how each case moved.
 * Any run can become the base; runs of other campaigns over the same scenario can be added.
 */
import { OfflineBadge } from "../../components/status/OfflineBadge";
import { Alert, Anchor, Button, Group, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { formatTime } from "../../components/time";
import { CaseMatrix } from "./CaseMatrix";
import { buildMatrix, counts, matches, runIdsFrom, withBase, type MatrixFilter, type MatrixRun } from "./matrix";
import { ComparableRunsQuery } from "./queries";
import { RunMetrics } from "./RunMetrics";
import { useMatrixData, type MatrixRunData } from "./useMatrixData";

const FILTERS: MatrixFilter[] = ["all", "regressed", "improved", "unchanged", "flaky"];
export const MAX_RUNS = 10;

export function ComparePage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const runIds = runIdsFrom(params);
  const { data, error, missing } = useMatrixData(runIds);
  const [filter, setFilter] = useState<MatrixFilter>("all");
  const setRuns = (ids: string[]) => setParams({ runs: ids.join(",") }, { replace: true });

  if (runIds.length < 2) return <Stack><Title order={2}>{t("compare.title")}</Title><Text>{t("matrix.pick")}</Text></Stack>;
  if (error) return <ErrorNotice error={error} />;
  if (missing.length) return <Text>{t("matrix.missing", { ids: missing.join(", ") })}</Text>;
  if (!data) return <Loading />;

  const label = (run: MatrixRunData) => `${run.campaign.name} → ${run.target.name} · ${formatTime(run.createdAt, i18n.language)}`;
  const labels = data.runs.map(label);
  const rows = buildMatrix(data.runs.map((run): MatrixRun => ({ id: run.id, outcomes: run.outcomes.edges.map((e) => e.node) })));
  const tally = counts(rows);
  const warnings = [...new Set(data.comparisons.flatMap((c) => c?.warnings ?? []))];

  return (
    <Stack>
      <Title order={2}>{t("compare.title")}</Title>
      {warnings.map((w, i) => <Alert key={i} color="yellow" title={t("compare.warning")}>{w}</Alert>)}
      <Stack gap={4} component="ol" aria-label={t("matrix.runs")} style={{ paddingLeft: 20, margin: 0 }}>
        {data.runs.map((run, i) => (
          <li key={run.id}>
            <Group gap="xs">
              <Anchor component={Link} to={`/runs/${run.id}`}>{labels[i]}</Anchor>
              <OfflineBadge offline={run.offline} />
              {i === 0 ? <Text size="xs" fw={700}>({t("matrix.base")})</Text> : (
                <>
                  <Button size="compact-xs" variant="default" onClick={() => setRuns(withBase(runIds, run.id))}
                    aria-label={t("matrix.makeBaseOf", { label: labels[i] })}>{t("matrix.makeBase")}</Button>
                  {runIds.length > 2 && (
                    <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setRuns(runIds.filter((id) => id !== run.id))}
                      aria-label={t("matrix.removeOf", { label: labels[i] })}>{t("matrix.remove")}</Button>
                  )}
                </>
              )}
            </Group>
          </li>
        ))}
      </Stack>
      {runIds.length < MAX_RUNS && data.runs[0].campaign.scenario && (
        <RunAdder scenarioId={data.runs[0].campaign.scenario.id} scenarioName={data.runs[0].campaign.scenario.name}
          taken={runIds} onAdd={(id) => setRuns([...runIds, id])} />
      )}
      <Title order={3} size="h4">{t("matrix.metrics")}</Title>
      <RunMetrics data={data} labels={labels} />
      <Group justify="space-between" align="end">
        <Title order={3} size="h4">{t("matrix.cases")}</Title>
        <SegmentedControl size="xs" value={filter} onChange={(value) => setFilter(value as MatrixFilter)} aria-label={t("matrix.filter")}
          data={FILTERS.map((f) => ({ value: f, label: `${t(`matrix.filters.${f}`)} (${tally[f]})` }))} />
      </Group>
      <CaseMatrix rows={rows.filter((row) => matches(row, filter))} labels={labels} />
    </Stack>
  );
}

/** Adds a run of any campaign over the base's scenario. */
function RunAdder({ scenarioId, scenarioName, taken, onAdd }: { scenarioId: string; scenarioName: string; taken: string[]; onAdd(id: string): void }) {
  const { t, i18n } = useTranslation();
  const [runs] = useQuery({ query: ComparableRunsQuery, variables: { scenarioId } });
  const options = (runs.data?.runs.edges.map((e) => e.node) ?? []).filter((run) => !taken.includes(run.id)).reverse().map((run) => ({
    value: run.id,
    label: `${run.campaign.name} → ${run.target.name} · ${formatTime(run.createdAt, i18n.language)}`
      + (run.summary ? ` · ${t("matrix.passShort", { rate: Math.round(run.summary.passRate * 100) })}` : ""),
  }));
  if (options.length === 0) return null;
  return (
    <Select label={t("matrix.add")} description={t("matrix.addHint", { scenario: scenarioName })} placeholder={t("matrix.addPlaceholder")}
      data={options} value={null} searchable maw={560} onChange={(value) => value && onAdd(value)} />
  );
}
