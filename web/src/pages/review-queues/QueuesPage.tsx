/** The review queues: each with its progress (per reviewer for OPERATOR/ADMIN), and the form for a new plan and queue. */
import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { apiErrorFromCombined } from "../../graphql/errors";
import { NewQueueForm } from "./NewQueueForm";
import { QueueCard } from "./QueueCard";
import { QueuesQuery } from "./queries";

export function QueuesPage() {
  const { t } = useTranslation();
  const [listed, refetch] = useQuery({ query: QueuesQuery, requestPolicy: "cache-and-network" });
  if (listed.error) return <ErrorNotice error={apiErrorFromCombined(listed.error)} onRetry={() => refetch({ requestPolicy: "network-only" })} />;
  if (!listed.data) return <Loading />;
  const role = listed.data.me.role;
  const operator = role === "OPERATOR" || role === "ADMIN";
  const queues = listed.data.reviewQueues ?? [];
  return (
    <Stack maw={1100}>
      <Group justify="space-between" wrap="wrap"><Title order={2}>{t("workbench.title")}</Title><Anchor component={Link} to="/review/agreement" size="sm">{t("agreement.nav")}</Anchor></Group>
      <Text size="sm">{t("workbench.intro")}</Text>
      {queues.length === 0 && <Text size="sm" c="dimmed">{operator ? t("workbench.empty") : t("workbench.emptyReviewer")}</Text>}
      {queues.map((queue) => <QueueCard key={queue.id} queue={queue} operator={operator} />)}
      {operator
        ? <NewQueueForm onCreated={() => refetch({ requestPolicy: "network-only" })} />
        : <Text size="xs" c="dimmed">{t("workbench.create.onlyOperators")}</Text>}
    </Stack>
  );
}
