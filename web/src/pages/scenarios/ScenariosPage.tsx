/** Scenarios: the list, and import of a JSON or YAML scenario file with every problem at its path. */
import { Anchor, Button, Card, FileButton, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined, fieldErrors, type ApiError } from "../../graphql/errors";
import { ImportScenarioMutation, ScenariosQuery } from "./queries";
import { TableScroll } from "../../components/layout/TableScroll";
import { ListPager } from "../../components/lists/ListPager";
import { ListToolbar } from "../../components/lists/ListToolbar";
import { useListControls } from "../../components/lists/useListControls";
import { useLastData } from "../../graphql/useLastData";

export function ScenariosPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const controls = useListControls("OLDEST_FIRST");
  const [result] = useQuery({ query: ScenariosQuery, variables: controls.variables, requestPolicy: "cache-and-network" });
  const connection = useLastData(result.data)?.scenarios;
  const [imported, importScenario] = useMutation(ImportScenarioMutation);
  const [readError, setReadError] = useState<ApiError | null>(null);
  const rows = connection?.edges.map((e) => e.node) ?? [];
  const error = readError ?? (imported.error ? apiErrorFromCombined(imported.error) : null);
  const problems = error ? fieldErrors(error) : [];

  const upload = async (file: File | null) => {
    setReadError(null);
    if (!file) return;
    let document: string;
    try {
      document = await file.text();
    } catch (failure) {
      setReadError({ code: "FILE", message: String(failure), details: null });
      return;
    }
    const answer = await importScenario({ document });
    if (answer.data) void navigate(`/scenarios/${answer.data.importScenario.id}`);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("scenarios.title")}</Title>
        <FileButton onChange={(file) => void upload(file)} accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml">
          {(props) => <Button {...props} loading={imported.fetching}>{t("scenarios.import")}</Button>}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed">{t("scenarios.importHint")}</Text>
      {error && <ErrorNotice error={error} title={t("scenarios.importFailed")} />}
      {problems.length > 0 && (
        <Card withBorder>
          <Title order={3} size="h5">{t("new.fieldErrors")}</Title>
          <List size="sm" aria-label={t("new.fieldErrors")}>
            {problems.map((p, i) => <List.Item key={i}><code>{p.path || "—"}</code> {p.message}</List.Item>)}
          </List>
        </Card>
      )}
      <ListToolbar controls={controls} />
      {result.error && <ErrorNotice error={apiErrorFromCombined(result.error)} />}
      {!connection && result.fetching && <Loading />}
      {connection && rows.length === 0 && <Text>{controls.narrowed ? t("lists.noMatch") : t("scenarios.empty")}</Text>}
      {rows.length > 0 && (
        <TableScroll>
        <Table striped aria-label={t("scenarios.title")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("scenarios.name")}</Table.Th>
              <Table.Th>{t("scenarios.cases")}</Table.Th>
              <Table.Th>{t("targets.created")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/scenarios/${row.id}`}>{row.name}</Anchor>
                  {row.description && <Text size="xs" c="dimmed" lineClamp={2}>{row.description}</Text>}
                </Table.Td>
                <Table.Td>{row.caseCount}</Table.Td>
                <Table.Td>{formatTime(row.createdAt, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </TableScroll>
      )}
      {connection && <ListPager controls={controls} connection={connection} total={t("lists.scenariosTotal", { count: connection.totalCount })} />}
    </Stack>
  );
}
