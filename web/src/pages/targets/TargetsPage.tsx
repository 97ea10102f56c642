/** Targets: the bots under test; a row opens its form, probe and delete. */
import { Anchor, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import { TargetsQuery } from "./queries";
import { TableScroll } from "../../components/layout/TableScroll";
import { ListPager } from "../../components/lists/ListPager";
import { ListToolbar } from "../../components/lists/ListToolbar";
import { useListControls } from "../../components/lists/useListControls";
import { useLastData } from "../../graphql/useLastData";

export function TargetsPage() {
  const { t, i18n } = useTranslation();
  const controls = useListControls("OLDEST_FIRST");
  const [result] = useQuery({ query: TargetsQuery, variables: controls.variables, requestPolicy: "cache-and-network" });
  const connection = useLastData(result.data)?.targets;
  const rows = connection?.edges.map((e) => e.node) ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("targets.title")}</Title>
        <Button component={Link} to="/targets/new">{t("targets.new")}</Button>
      </Group>
      <ListToolbar controls={controls} />
      {result.error && <ErrorNotice error={apiErrorFromCombined(result.error)} />}
      {!connection && result.fetching && <Loading />}
      {connection && rows.length === 0 && <Text>{controls.narrowed ? t("lists.noMatch") : t("targets.empty")}</Text>}
      {rows.length > 0 && (
        <TableScroll>
        <Table striped aria-label={t("targets.title")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("targets.name")}</Table.Th>
              <Table.Th>{t("targets.channelType")}</Table.Th>
              <Table.Th>{t("targets.maxConcurrency")}</Table.Th>
              <Table.Th>{t("targets.created")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/targets/${row.id}`}>{row.name}</Anchor>
                  {row.description && <Text size="xs" c="dimmed">{row.description}</Text>}
                </Table.Td>
                <Table.Td>{row.channelType}</Table.Td>
                <Table.Td>{row.maxConcurrency}</Table.Td>
                <Table.Td>{formatTime(row.createdAt, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </TableScroll>
      )}
      {connection && <ListPager controls={controls} connection={connection} total={t("lists.targetsTotal", { count: connection.totalCount })} />}
    </Stack>
  );
}
