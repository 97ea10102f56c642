/** P3 报告页: summary, dimension chart, findings by severity with evidence, sessions, Export Markdown. */
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { LiveIndicator } from "../../components/LiveIndicator";
import { Loading } from "../../components/Loading";
import { StatusBadge } from "../../components/status/StatusBadge";
import { formatTime } from "../../components/time";
import { MethodSection } from "./MethodSection";
import { useApi } from "../../graphql/ApiProvider";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { useLastData } from "../../graphql/useLastData";
import { useRefetchOnEvents } from "../../graphql/useRefetchOnEvents";
import { SessionsTable } from "../../components/intelligent/SessionsTable";
import { ReviewHistory } from "../../components/review/ReviewHistory";
import { isFinished, withReportIndex } from "../../components/review/review";
import { downloadReport } from "../../components/files/download";
import { ExportData } from "../../components/files/ExportData";
import type { ExportRow } from "../../components/files/tableExport";
import { FindingCard } from "./FindingCard";
import { AddToRegression } from "../../components/regression/AddToRegression";
import { HumanReviewPanel } from "./HumanReviewPanel";
import { ReportQuery } from "./queries";
import { bySeverity } from "../../components/status/severity";

const ScoreChart = lazy(() => import("./ScoreChart"));

export function ReportPage() {
  const { evalId = "" } = useParams();
  const { t, i18n } = useTranslation();
  const { apiKey } = useApi();
  const [result, reexecute] = useQuery({ query: ReportQuery, variables: { id: evalId }, requestPolicy: "network-only" });
  const data = useLastData(result.data);
  const [downloadError, setDownloadError] = useState<ApiError | null>(null);
  const item = data?.intelligentEval;
  const refetch = useCallback(() => reexecute({ requestPolicy: "network-only" }), [reexecute]);
  const live = useRefetchOnEvents(item && !item.report ? item.id : undefined, refetch);

  if (result.error && !item) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!data) return <Loading />;
  if (!item) return <Alert color="yellow">{t("manage.notFound")}</Alert>;
  const report = item.report;

  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <Title order={2}>{t("report.title", { name: item.name })}</Title>
          <StatusBadge status={item.status} />
        </Group>
        <Group>
          {report && (
            <Button onClick={async () => setDownloadError(await downloadReport(item.id, apiKey))}>{t("report.export")}</Button>
          )}
          {report && (
            <ExportData filename={`eval-${item.id}-findings`} what={t("exports.findings")}
              load={async () => report.findings as unknown as ExportRow[]} />
          )}
          <Button component={Link} to={`/evals/${item.id}`} variant="default">{t("report.backToEval")}</Button>
        </Group>
      </Group>
      {downloadError && <ErrorNotice error={downloadError} />}
      {!report ? (
        <Alert color="blue" title={t("report.notYet")}>
          <Group><LiveIndicator state={live.state} /><Text size="sm">{t("report.notYetHint")}</Text></Group>
        </Alert>
      ) : (
        <>
          <Paper withBorder p="md" component="section" aria-label={t("report.summary")}>
            <Title order={3}>{t("report.summary")}</Title>
            <Text className="transcript-text" mt="xs">{report.summary}</Text>
            <Text size="xs" c="dimmed" mt="xs">{t("report.submitted")}: {formatTime(report.submittedAt, i18n.language)}</Text>
          </Paper>
          {report.scores && report.scores.length > 0 && (
            <Paper withBorder p="md" component="section" aria-label={t("report.scores")}>
              <Title order={3}>{t("report.scores")}</Title>
              <Suspense fallback={<Loading />}><ScoreChart scores={report.scores} /></Suspense>
              <Text size="sm">{report.scores.map((s) => `${s.dimension}: ${s.score.toFixed(1)}`).join(" · ")}</Text>
            </Paper>
          )}
          <Paper withBorder p="md" component="section" aria-label={t("report.findings")}>
            <Title order={3} mb="sm">{t("report.findings")}</Title>
            {report.findings.length === 0 ? <Text>{t("report.noFindings")}</Text> : (
              <Stack>
                {bySeverity(withReportIndex(report.findings)).map((f) => (
                  <FindingCard key={f.reportIndex} evalId={item.id} finding={f} finished={isFinished(item.status)} onReviewed={refetch} />
                ))}
              </Stack>
            )}
          </Paper>
          <HumanReviewPanel confirmed={item.findingsConfirmed} rejected={item.findingsRejected} verdicts={item.verdictAgreement} />
          <Paper withBorder p="md" component="section" aria-label={t("report.highlights")}>
            <Title order={3}>{t("report.highlights")}</Title>
            {report.highlights.length === 0 ? <Text mt="xs">{t("report.noHighlights")}</Text> : (
              <List mt="xs">{report.highlights.map((h, i) => <List.Item key={i}>{h.description}{h.dimension ? ` (${h.dimension})` : ""}</List.Item>)}</List>
            )}
          </Paper>
          <Paper withBorder p="md" component="section" aria-label={t("report.recommendations")}>
            <Title order={3}>{t("report.recommendations")}</Title>
            <List type="ordered" mt="xs">{report.priorityRecommendations.map((r, i) => <List.Item key={i}>{r}</List.Item>)}</List>
          </Paper>
          <MethodSection plan={item.plan?.provenance} report={report.provenance}
            verdicts={item.sessions.edges.map(({ node }) => node.verdict?.provenance)} />
        </>
      )}
      <Paper withBorder p="md" component="section" aria-label={t("manage.sessions")}>
        <Title order={3} mb="sm">{t("manage.sessions")}</Title>
        <SessionsTable evalId={item.id} sessions={item.sessions.edges.map(({ node }) => node)}
          extraHeaders={[t("session.goalAchieved"), t("session.achievement"), t("review.sessionColumn"), t("regression.sessionColumn")]}
          extraCells={(node) => [
            node.verdict ? (node.verdict.goalAchieved ? t("common.yes") : t("common.no")) : "—",
            node.verdict ? `${Math.round(node.verdict.achievement * 100)}%` : "—",
            node.review ? (node.review.goalAchieved ? t("common.yes") : t("common.no")) : "—",
            node.turnCount > 0 ? <AddToRegression compact source={{ kind: "session", sessionId: node.id }} what={node.id.slice(0, 8)} /> : "—",
          ]} />
      </Paper>
      <ReviewHistory records={item.reviewHistory} />
    </Stack>
  );
}
