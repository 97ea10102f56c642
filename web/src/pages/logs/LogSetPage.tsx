/** One conversation set: what the import kept, skipped and redacted, its dialogs' first lines, and Judge. */
import { Button, Card, Group, List, Pagination, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { TableScroll } from "../../components/layout/TableScroll";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined, fieldErrors } from "../../graphql/errors";
import { useLastData } from "../../graphql/useLastData";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { ConversationSetQuery, DeleteConversationSetMutation, JudgeConversationsMutation } from "./queries";

const PAGE = 50;
const firstLine = (text: string) => text.split("\n")[0].slice(0, 160);

export function LogSetPage() {
  const { setId = "" } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [scenarioId, setScenarioId] = useState<string | null>(null);
  const [result] = useQuery({ query: ConversationSetQuery, variables: { id: setId, first: PAGE, offset: (page - 1) * PAGE } });
  const [judged, judge] = useMutation(JudgeConversationsMutation);
  const [, remove] = useMutation(DeleteConversationSetMutation);
  const data = useLastData(result.data);
  if (result.error && !data) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!data) return <Loading />;
  const found = data.conversationSet;
  if (!found) return <Text>{t("offline.notFound")}</Text>;
  const scenarios = data.scenarios.edges.map((e) => e.node);
  const judgeError = judged.error ? apiErrorFromCombined(judged.error) : null;

  const start = async () => {
    if (!scenarioId) return;
    const answer = await judge({ setId: found.id, scenarioId });
    if (answer.data) void navigate(`/runs/${answer.data.judgeConversations.id}`);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{found.name}</Title>
        <ConfirmDelete label={t("offline.deleteLabel", { name: found.name })} title={t("offline.deleteTitle", { name: found.name })}
          consequence={t("offline.deleteConsequence")}
          onConfirm={async () => {
            const answer = await remove({ id: found.id });
            if (answer.error) return apiErrorFromCombined(answer.error);
            void navigate("/logs");
            return null;
          }} />
      </Group>
      <Text size="sm">
        {t("offline.summary", { dialogs: found.dialogCount, total: found.totalInDocument, turns: found.turnCount,
          format: found.sourceFormat, created: formatTime(found.createdAt, i18n.language) })}
      </Text>
      {(found.skipped.length > 0 || found.redacted.length > 0) && (
        <Card withBorder>
          {found.skipped.length > 0 && <>
            <Text size="sm" fw={600}>{t("offline.skipped")}</Text>
            <List size="sm">{found.skipped.map((s) => <List.Item key={s.reason}>{s.count} × {s.reason}</List.Item>)}</List>
          </>}
          {found.redacted.length > 0 && <>
            <Text size="sm" fw={600}>{t("offline.redacted")}</Text>
            <List size="sm">{found.redacted.map((r) => <List.Item key={r.name}>{r.name}: {r.count}</List.Item>)}</List>
          </>}
        </Card>
      )}
      <Card withBorder>
        <Stack gap="xs">
          <Title order={3} size="h5">{t("offline.judgeTitle")}</Title>
          <Text size="sm" c="dimmed">{t("offline.judgeHint")}</Text>
          <Group align="end">
            <Select label={t("offline.scenario")} placeholder={t("offline.pickScenario")} searchable miw={320}
              data={scenarios.map((s) => ({ value: s.id, label: `${s.name} (${s.caseCount})` }))}
              value={scenarioId} onChange={setScenarioId} nothingFoundMessage={t("offline.noScenarios")} />
            <Button onClick={() => void start()} disabled={!scenarioId} loading={judged.fetching}>{t("offline.judge")}</Button>
          </Group>
          {judgeError && <ErrorNotice error={judgeError} />}
          {judgeError && fieldErrors(judgeError).length > 0 && (
            <List size="sm">{fieldErrors(judgeError, t).map((p, i) => <List.Item key={i}><code>{p.path}</code> {p.message}</List.Item>)}</List>
          )}
        </Stack>
      </Card>
      <TableScroll>
        <Table striped aria-label={t("offline.dialogs")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("offline.dialogId")}</Table.Th>
              <Table.Th>{t("offline.turns")}</Table.Th>
              <Table.Th>{t("offline.firstUser")}</Table.Th>
              <Table.Th>{t("offline.firstReply")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {found.dialogs.map((dialog) => (
              <Table.Tr key={dialog.id}>
                <Table.Td><code>{dialog.id}</code></Table.Td>
                <Table.Td>{dialog.turns.length}</Table.Td>
                <Table.Td>{firstLine(dialog.turns[0]?.user ?? "")}</Table.Td>
                <Table.Td>{firstLine(dialog.turns[0]?.reply ?? "")}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {found.dialogCount > PAGE && (
        <Pagination total={Math.ceil(found.dialogCount / PAGE)} value={page} onChange={setPage} aria-label={t("offline.dialogs")} />
      )}
    </Stack>
  );
}
