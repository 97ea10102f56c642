/** One queue for OPERATOR/ADMIN: its items (Appeal a verdict), its appeals with their trail, and its report. */
import { Anchor, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { queueTitle } from "../../components/review-queues/queueName";
import { apiErrorFromCombined } from "../../graphql/errors";
import { message, say, type Message } from "../../components/message";
import { AppealDialog } from "./AppealDialog";
import { AppealsList } from "./AppealsList";
import { AssignPanel } from "./AssignPanel";
import { ItemsTable } from "./ItemsTable";
import { QueueDetailQuery } from "./queries";
import { QueueReport } from "./QueueReport";

export function QueuePage() {
  const { t } = useTranslation();
  const { queueId = "" } = useParams();
  const [detail, refetch] = useQuery({ query: QueueDetailQuery, variables: { queueId }, requestPolicy: "cache-and-network" });
  const [appealing, setAppealing] = useState<{ id: string; target: string } | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);
  if (detail.error) return <ErrorNotice error={apiErrorFromCombined(detail.error)} />;
  if (!detail.data) return <Loading />;
  const items = detail.data.reviewItems ?? [];
  const appeals = detail.data.reviewAppeals ?? [];
  return (
    <Stack maw={1100}>
      <Text size="xs"><Anchor component={Link} to="/review" size="xs">{t("workbench.title")}</Anchor></Text>
      <Group justify="space-between">
        <Title order={2}>{queueTitle(detail.data.reviewQueue, queueId, t)}</Title>
        <Anchor component={Link} to={`/review/${queueId}/work`} fw={700}>{t("workbench.startReviewing")}</Anchor>
      </Group>
      {notice && <Text size="sm" c="teal.9" role="status">{say(t, notice)}</Text>}
      <Tabs defaultValue="items" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="items">{t("workbench.queue.items")} ({items.length})</Tabs.Tab>
          <Tabs.Tab value="appeals">{t("workbench.queue.appeals")} ({appeals.length})</Tabs.Tab>
          <Tabs.Tab value="assign">{t("workbench.assign.title")}</Tabs.Tab>
          <Tabs.Tab value="report">{t("workbench.queue.report")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items" pt="sm"><ItemsTable items={items} onAppeal={(item) => { setNotice(null); setAppealing(item); }} /></Tabs.Panel>
        <Tabs.Panel value="appeals" pt="sm"><AppealsList appeals={appeals} items={items} /></Tabs.Panel>
        <Tabs.Panel value="assign" pt="sm">
          <AssignPanel queueId={queueId} given={detail.data.reviewQueue?.reviewerKeyIds ?? []} onChanged={() => refetch({ requestPolicy: "network-only" })} />
        </Tabs.Panel>
        <Tabs.Panel value="report" pt="sm"><QueueReport queueId={queueId} /></Tabs.Panel>
      </Tabs>
      <AppealDialog item={appealing} onClose={() => setAppealing(null)}
        onAppealed={() => { setAppealing(null); setNotice(message("workbench.queue.appealed")); refetch({ requestPolicy: "network-only" }); }} />
    </Stack>
  );
}
