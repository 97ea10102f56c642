/** Logs (日志): conversation logs imported to be judged offline, and the import dialog. */
import { Anchor, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ListPage } from "../../components/lists/ListPage";
import { useListControls } from "../../components/lists/useListControls";
import { formatTime } from "../../components/time";
import { useLastData } from "../../graphql/useLastData";
import { ImportLogDialog } from "./ImportLogDialog";
import { ConversationSetsQuery } from "./queries";

export function LogsPage() {
  const { t, i18n } = useTranslation();
  const controls = useListControls("NEWEST_FIRST");
  const [result, refetch] = useQuery({ query: ConversationSetsQuery, variables: controls.variables, requestPolicy: "cache-and-network" });
  const connection = useLastData(result.data)?.conversationSets;
  return (
    <ListPage title={t("offline.title")} controls={controls} query={result} connection={connection}
      onRetry={() => refetch({ requestPolicy: "network-only" })}
      actions={<ImportLogDialog />} intro={<Text size="sm" c="dimmed">{t("offline.intro")}</Text>}
      empty={t("offline.empty")} total={(count) => t("offline.total", { count })}
      head={<>
        <Table.Th>{t("offline.name")}</Table.Th>
        <Table.Th>{t("offline.format")}</Table.Th>
        <Table.Th>{t("offline.conversations")}</Table.Th>
        <Table.Th>{t("offline.turns")}</Table.Th>
        <Table.Th>{t("targets.created")}</Table.Th>
      </>}
      row={(row) => (
        <Table.Tr key={row.id}>
          <Table.Td><Anchor component={Link} to={`/logs/${row.id}`}>{row.name}</Anchor></Table.Td>
          <Table.Td>{row.sourceFormat}</Table.Td>
          <Table.Td>{row.dialogCount}</Table.Td>
          <Table.Td>{row.turnCount}</Table.Td>
          <Table.Td>{formatTime(row.createdAt, i18n.language)}</Table.Td>
        </Table.Tr>
      )} />
  );
}
