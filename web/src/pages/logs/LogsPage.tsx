/** Logs (日志): conversation logs imported to be judged offline, and the import dialog. */
import { Anchor, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { TableScroll } from "../../components/layout/TableScroll";
import { ListPager } from "../../components/lists/ListPager";
import { ListToolbar } from "../../components/lists/ListToolbar";
import { useListControls } from "../../components/lists/useListControls";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import { useLastData } from "../../graphql/useLastData";
import { ImportLogDialog } from "./ImportLogDialog";
import { ConversationSetsQuery } from "./queries";

export function LogsPage() {
  const { t, i18n } = useTranslation();
  const controls = useListControls("NEWEST_FIRST");
  const [result] = useQuery({ query: ConversationSetsQuery, variables: controls.variables, requestPolicy: "cache-and-network" });
  const connection = useLastData(result.data)?.conversationSets;
  const rows = connection?.edges.map((e) => e.node) ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("offline.title")}</Title>
        <ImportLogDialog />
      </Group>
      <Text size="sm" c="dimmed">{t("offline.intro")}</Text>
      <ListToolbar controls={controls} />
      {result.error && <ErrorNotice error={apiErrorFromCombined(result.error)} />}
      {!connection && result.fetching && <Loading />}
      {connection && rows.length === 0 && <Text>{controls.narrowed ? t("lists.noMatch") : t("offline.empty")}</Text>}
      {rows.length > 0 && (
        <TableScroll>
          <Table striped aria-label={t("offline.title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("offline.name")}</Table.Th>
                <Table.Th>{t("offline.format")}</Table.Th>
                <Table.Th>{t("offline.conversations")}</Table.Th>
                <Table.Th>{t("offline.turns")}</Table.Th>
                <Table.Th>{t("targets.created")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td><Anchor component={Link} to={`/logs/${row.id}`}>{row.name}</Anchor></Table.Td>
                  <Table.Td>{row.sourceFormat}</Table.Td>
                  <Table.Td>{row.dialogCount}</Table.Td>
                  <Table.Td>{row.turnCount}</Table.Td>
                  <Table.Td>{formatTime(row.createdAt, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {connection && <ListPager controls={controls} connection={connection} total={t("offline.total", { count: connection.totalCount })} />}
    </Stack>
  );
}
