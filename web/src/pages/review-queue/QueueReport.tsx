/** The queue's report: per reviewer, per rule and between reviewers — reviewed, agreement, κ with interval, overturned. */
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { saveText } from "../../components/files/tableExport";
import { TableScroll } from "../../components/layout/TableScroll";
import { apiErrorFromCombined } from "../../graphql/errors";
import { readFragment, type FragmentOf } from "../../graphql/graphql";
import { personOf } from "../../components/review-queues/rubric";
import { agreementText, kappaText, type Figures } from "./figures";
import { QueueReportQuery, ReviewFiguresFields } from "./queries";

function Section({ title, headers, rows }: { title: string; headers: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h4">{title}</Title>
      {rows.length === 0 ? <Text size="sm" c="dimmed">{t("workbench.report.noRows")}</Text> : (
        <TableScroll minWidth={640}>
          <Table striped aria-label={title}>
            <Table.Thead><Table.Tr>{headers.map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
            <Table.Tbody>{rows.map((cells, i) => <Table.Tr key={i}>{cells.map((c, j) => <Table.Td key={j}>{c}</Table.Td>)}</Table.Tr>)}</Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}

export function QueueReport({ queueId }: { queueId: string }) {
  const { t } = useTranslation();
  const [result] = useQuery({ query: QueueReportQuery, variables: { queueId }, requestPolicy: "cache-and-network" });
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  const report = result.data?.reviewQueueReport;
  if (!report) return <Loading />;
  const none = t("workbench.none");
  const undef = t("workbench.report.kappaUndefined");
  const figures = (f: FragmentOf<typeof ReviewFiguresFields>): Figures => readFragment(ReviewFiguresFields, f);
  const counts: [string, number][] = [[t("workbench.report.items"), report.items], [t("workbench.report.decided"), report.decided],
    [t("workbench.report.appealed"), report.appealed], [t("workbench.report.overturned"), report.overturnedByAppeal]];
  const r = t("workbench.report", { returnObjects: true });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {counts.map(([label, n]) => (
          <Paper key={label} withBorder p="xs"><Text size="xs" c="dimmed">{label}</Text><Text fw={700} size="lg">{n}</Text></Paper>
        ))}
      </SimpleGrid>
      <Section title={r.reviewers} headers={[t("workbench.reviewer"), r.reviewed, r.withMachine, r.kappa, t("workbench.median"), r.overturned]}
        rows={report.reviewers.map((x) => { const f = figures(x.withMachine); return [<span title={x.reviewer}>{personOf(x.reviewer)}</span>, x.answered, agreementText(f, none), kappaText(f, none, undef),
          x.secondsMedian === null ? none : t("workbench.seconds", { n: Math.round(x.secondsMedian) }), x.overturnedByAppeal]; })} />
      <Section title={r.rules} headers={[r.rule, r.judgeModel, r.reviewed, r.withMachine, r.kappa, r.appealed, r.overturned]}
        rows={report.rules.map((x) => { const f = figures(x.withMachine); return [x.ruleType, x.judgeModel ?? none, x.reviewed,
          agreementText(f, none), kappaText(f, none, undef), x.appealed, x.overturnedByAppeal]; })} />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">{r.basis}</Text>
        {report.markdown && (
          <Button size="xs" variant="default" onClick={() => saveText(`review-queue-${queueId}.md`, report.markdown ?? "", "text/markdown")}>
            {r.markdown}
          </Button>
        )}
      </Group>
      <Section title={r.between} headers={[r.kind, r.reviewed, r.agreement, r.kappa]}
        rows={report.interReviewer.map((x) => { const f = figures(x.betweenReviewers); return [
          t(`workbench.kind.${x.kind as "CASE"}`, { defaultValue: x.kind }), f.agreement?.reviewed ?? 0, agreementText(f, none), kappaText(f, none, undef)]; })} />
    </Stack>
  );
}
