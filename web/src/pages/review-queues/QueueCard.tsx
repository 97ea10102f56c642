/** One queue: progress (decided of all, open by stage) and, for OPERATOR/ADMIN, per reviewer. */
import { Anchor, Badge, Group, Paper, Progress, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { TableScroll } from "../../components/layout/TableScroll";
import { queueName, type NamedQueue } from "../../components/review-queues/queueName";
import { personOf } from "../../components/review-queues/rubric";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import type { JsonValue } from "../../graphql/graphql";
import { QueueItemsProgressQuery, QueueProgressQuery } from "./queries";

interface Queue extends NamedQueue { id: string; secondReviewShare: number; createdBy: string; createdAt: string }

function stagesText(t: (key: string) => string, openByStage: JsonValue): string {
  if (!openByStage || typeof openByStage !== "object" || Array.isArray(openByStage)) return "";
  return Object.entries(openByStage).map(([stage, n]) => `${t(`workbench.stage.${stage}`)} ${String(n)}`).join(" · ");
}

export function QueueCard({ queue, operator }: { queue: Queue; operator: boolean }) {
  const { t, i18n } = useTranslation();
  const [report] = useQuery({ query: QueueProgressQuery, variables: { queueId: queue.id }, pause: !operator, requestPolicy: "cache-and-network" });
  const [items] = useQuery({ query: QueueItemsProgressQuery, variables: { queueId: queue.id }, pause: operator, requestPolicy: "cache-and-network" });
  const data = report.data?.reviewQueueReport;
  const firsts = (items.data?.reviewItems ?? []).filter((i) => i.stage === "FIRST");
  const total = operator ? data?.items ?? 0 : firsts.length;
  const decided = operator ? data?.decided ?? 0 : firsts.filter((i) => i.status !== "OPEN").length;
  const error = report.error ?? items.error;
  const tr = t as unknown as (key: string) => string;
  const name = queueName(queue, t);
  return (
    <Paper withBorder p="sm" component="article" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{name}</Text>
            <Badge variant="light">{t("workbench.secondShare", { share: Math.round(queue.secondReviewShare * 100) })}</Badge>
          </Group>
          <Group gap="sm">
            <Anchor component={Link} to={`/review/${queue.id}/work`} fw={700}>{t("workbench.startReviewing")}</Anchor>
            {operator && <Anchor component={Link} to={`/review/${queue.id}`}>{t("workbench.details")}</Anchor>}
          </Group>
        </Group>
        <Text size="xs" c="dimmed">{t("workbench.created", { time: formatTime(queue.createdAt, i18n.language), who: personOf(queue.createdBy) })}</Text>
        {error && <ErrorNotice error={apiErrorFromCombined(error)} />}
        <Group gap="xs" wrap="nowrap">
          <Progress value={total ? (decided / total) * 100 : 0} style={{ flex: 1 }} aria-label={t("workbench.progress", { decided, items: total })} />
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>{t("workbench.progress", { decided, items: total })}</Text>
        </Group>
        {data && stagesText(tr, data.openByStage) && <Text size="xs">{t("workbench.open", { stages: stagesText(tr, data.openByStage) })}</Text>}
        {data && data.reviewers.length > 0 && (
          <TableScroll minWidth={480}>
            <Table striped aria-label={`${t("workbench.reviewersTitle")}: ${name}`}>
              <Table.Thead><Table.Tr>
                <Table.Th>{t("workbench.reviewer")}</Table.Th><Table.Th>{t("workbench.answered")}</Table.Th>
                <Table.Th>{t("workbench.holding")}</Table.Th><Table.Th>{t("workbench.median")}</Table.Th>
              </Table.Tr></Table.Thead>
              <Table.Tbody>
                {data.reviewers.map((r) => (
                  <Table.Tr key={r.reviewerKeyId}>
                    <Table.Td title={r.reviewer}>{personOf(r.reviewer)}</Table.Td><Table.Td>{r.answered}</Table.Td><Table.Td>{r.holding}</Table.Td>
                    <Table.Td>{r.secondsMedian === null ? t("workbench.none") : t("workbench.seconds", { n: Math.round(r.secondsMedian) })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
    </Paper>
  );
}
