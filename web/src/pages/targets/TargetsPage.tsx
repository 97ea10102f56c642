/** Targets: the bots under test; a row opens its form, probe and delete. */
import { Anchor, Button, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ListPage } from "../../components/lists/ListPage";
import { useListControls } from "../../components/lists/useListControls";
import { formatTime } from "../../components/time";
import { useLastData } from "../../graphql/useLastData";
import { TargetsQuery } from "./queries";

export function TargetsPage() {
  const { t, i18n } = useTranslation();
  const controls = useListControls("OLDEST_FIRST");
  const [result, refetch] = useQuery({ query: TargetsQuery, variables: controls.variables, requestPolicy: "cache-and-network" });
  const connection = useLastData(result.data)?.targets;
  return (
    <ListPage title={t("targets.title")} controls={controls} query={result} connection={connection}
      onRetry={() => refetch({ requestPolicy: "network-only" })}
      actions={<Button component={Link} to="/targets/new">{t("targets.new")}</Button>}
      empty={t("targets.empty")} total={(count) => t("lists.targetsTotal", { count })}
      head={<>
        <Table.Th>{t("targets.name")}</Table.Th>
        <Table.Th>{t("targets.channelType")}</Table.Th>
        <Table.Th>{t("targets.maxConcurrency")}</Table.Th>
        <Table.Th>{t("targets.created")}</Table.Th>
      </>}
      row={(row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <Anchor component={Link} to={`/targets/${row.id}`}>{row.name}</Anchor>
            {row.description && <Text size="xs" c="dimmed">{row.description}</Text>}
          </Table.Td>
          <Table.Td>{row.channelType}</Table.Td>
          <Table.Td>{row.maxConcurrency}</Table.Td>
          <Table.Td>{formatTime(row.createdAt, i18n.language)}</Table.Td>
        </Table.Tr>
      )} />
  );
}
