/** Run report: the layered metrics, the confusion heat map, and the cases failing first. */
import { Anchor, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { useClient, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { OfflineBadge } from "../../components/status/OfflineBadge";
import { OfflineSkipped } from "./OfflineSkipped";
import { StatusBadge } from "../../components/status/StatusBadge";
import { useApi } from "../../graphql/ApiProvider";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { readFragment } from "../../graphql/graphql";
import { useLastData } from "../../graphql/useLastData";
import { downloadFile } from "../../components/files/download";
import { ExportData } from "../../components/files/ExportData";
import { loadAllOutcomes } from "./exportOutcomes";
import { TERMINAL_STATUSES as TERMINAL } from "../../components/status/terminal";
import { ConfusionHeatmap } from "./ConfusionHeatmap";
import { MetricsPanel } from "./MetricsPanel";
import { OutcomeCard, outcomeAnchor, outcomeTurnAnchor } from "./OutcomeCard";
import { useLandOn } from "../../components/layout/useLandOn";
import { landingFrom } from "./landing";
import { LatencyChart } from "./LatencyChart";
import { ReviewHistory } from "../../components/review/ReviewHistory";
import { isFinished } from "../../components/review/review";
import { useCanReview } from "../../components/review/useCanReview";
import { failingFirst, failingRuleTypes, filterOutcomes, latencyHistogram, tagOptions, type Tier } from "./outcomes";
import { OutcomeFields, RunReportQuery } from "./queries";

const RUNNING_REFRESH_MS = 2000;

export function RunReportPage() {
  const { runId = "" } = useParams();
  const { t } = useTranslation();
  const { apiKey } = useApi();
  const client = useClient();
  const [tag, setTag] = useState<string | null>(null);
  const [result, refetch] = useQuery({ query: RunReportQuery, variables: { id: runId, tag }, requestPolicy: "network-only" });
  // Kept while another tag's cases load, so the filters stay in place.
  const data = useLastData(result.data);
  const [tier, setTier] = useState<Tier | null>(null);
  const [failingRule, setFailingRule] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<ApiError | null>(null);
  const run = data?.run;
  const running = !!run && !TERMINAL.has(run.status);

  // While the run is going, its summary and outcomes are re-read until it ends.
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => refetch({ requestPolicy: "network-only" }), RUNNING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [running, refetch]);

  const outcomes = useMemo(() => failingFirst(run?.outcomes.edges.map((e) => readFragment(OutcomeFields, e.node)) ?? []), [run]);
  const shown = filterOutcomes(outcomes, { tier, failingRule });
  const showAttempt = outcomes.some((o) => o.attempt > 0);
  const reload = () => refetch({ requestPolicy: "network-only" });
  const canReview = useCanReview();
  // A search hit's link (`?case=…&attempt=…&turn=N`): that case opens at that turn and takes focus.
  const [params] = useSearchParams();
  const landing = landingFrom(params);
  const landedOutcome = landing && outcomes.find((o) => o.caseKey === landing.caseKey && o.attempt === landing.attempt);
  const landedTurn = landedOutcome && landing.turn !== null && landedOutcome.turns.some((turn) => turn.index === landing.turn) ? landing.turn : null;
  useLandOn(!landedOutcome ? null : landedTurn === null ? outcomeAnchor(landedOutcome.caseKey, landedOutcome.attempt)
    : outcomeTurnAnchor(landedOutcome.caseKey, landedOutcome.attempt, landedTurn), !!landedOutcome);
  const latencies = useMemo(() => latencyHistogram(outcomes.flatMap((o) => o.turns.map((turn) => turn.latencyMs))), [outcomes]);

  if (result.error && !run) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!data) return <Loading />;
  if (!run) return <Text>{t("run.notFound")}</Text>;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("run.title", { campaign: run.campaign.name, target: run.target.name })}</Title>
        <Group gap="xs">
          <Button onClick={async () => setDownloadError(await downloadFile(`/api/runs/${encodeURIComponent(run.id)}/report.md`, apiKey, "run-report.md"))}>
            {t("run.download")}
          </Button>
          <ExportData filename={`run-${run.id}-outcomes`} what={t("exports.outcomes")} load={() => loadAllOutcomes(client, run.id)} />
        </Group>
      </Group>
      <Group gap="sm">
        <StatusBadge status={run.status} />
        <OfflineBadge offline={run.offline} />
        {run.conversationSetId && <Anchor component={Link} to={`/logs/${run.conversationSetId}`} size="sm">{t("offline.fromLog")}</Anchor>}
        <Text size="sm">{t("campaigns.scenario")}: <Anchor component={Link} to={`/scenarios/${run.campaign.scenario.id}`}>{run.campaign.scenario.name}</Anchor></Text>
        <Anchor component={Link} to={`/campaigns/${run.campaign.id}`} size="sm">{t("run.backToCampaign")}</Anchor>
      </Group>
      {run.error && <Text c="red">{run.error}</Text>}
      <OfflineSkipped skipped={run.offlineSkipped} />
      {downloadError && <ErrorNotice error={downloadError} />}
      {running && <Text size="sm" role="status">{t("runs.progress", { ...run.progress })}</Text>}
      {run.summary ? <MetricsPanel summary={run.summary} /> : <Text>{t("run.noSummary")}</Text>}
      <LatencyChart buckets={latencies} />
      {run.summary?.intentConfusion && <ConfusionHeatmap cells={run.summary.intentConfusion} />}
      <Title order={3} size="h4">{t("run.cases", { count: run.outcomes.totalCount })}</Title>
      <Group align="end">
        <Select label={t("run.filterTier")} placeholder={t("list.any")} clearable value={tier}
          data={(["FAILURE", "PARTIAL", "SUCCESS"] as const).map((v) => ({ value: v, label: t(`run.tier.${v}`) }))}
          onChange={(v) => setTier(v as Tier | null)} />
        <Select label={t("run.filterRule")} placeholder={t("list.any")} clearable value={failingRule}
          data={failingRuleTypes(outcomes)} onChange={setFailingRule} />
        <Select label={t("run.filterTag")} placeholder={t("list.any")} clearable value={tag}
          data={tagOptions(run.campaign.scenario.cases, outcomes, tag)} onChange={setTag} />
      </Group>
      {running && canReview && <Text size="sm" c="dimmed">{t("review.onlyFinished")}</Text>}
      {shown.length === 0 && <Text>{outcomes.length === 0 ? t("run.noCases") : t("list.emptyFiltered")}</Text>}
      <Stack gap="xs" component="ul" style={{ paddingLeft: 0, listStyle: "none" }} aria-label={t("run.caseList")}>
        {shown.map((outcome) => (
          <OutcomeCard key={`${outcome.caseKey}-${outcome.attempt}`} outcome={outcome} runId={run.id}
            finished={isFinished(run.status)} showAttempt={showAttempt} onReviewed={reload}
            landed={outcome === landedOutcome ? { turn: landedTurn } : null} />
        ))}
      </Stack>
      <ReviewHistory records={run.reviewHistory} />
    </Stack>
  );
}
