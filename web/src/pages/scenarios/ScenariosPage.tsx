/** Scenarios: the list, and import of a JSON or YAML scenario file with every problem at its path. */
import { Anchor, Button, Card, FileButton, Group, List, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined, fieldErrors, type ApiError } from "../../graphql/errors";
import { ImportScenarioMutation, ScenariosQuery } from "./queries";
import { ListPage } from "../../components/lists/ListPage";
import { useListControls } from "../../components/lists/useListControls";
import { useLastData } from "../../graphql/useLastData";
import { readText } from "../../components/files/readText";

export function ScenariosPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const controls = useListControls("OLDEST_FIRST");
  const [result, refetch] = useQuery({ query: ScenariosQuery, variables: controls.variables, requestPolicy: "cache-and-network" });
  const connection = useLastData(result.data)?.scenarios;
  const [imported, importScenario] = useMutation(ImportScenarioMutation);
  const [readError, setReadError] = useState<ApiError | null>(null);
  const error = readError ?? (imported.error ? apiErrorFromCombined(imported.error) : null);
  const problems = error ? fieldErrors(error, t) : [];

  const upload = async (file: File | null) => {
    setReadError(null);
    if (!file) return;
    const read = await readText(file);
    if ("error" in read) { setReadError(read.error); return; }
    const document = read.text;
    const answer = await importScenario({ document });
    if (answer.data) void navigate(`/scenarios/${answer.data.importScenario.id}`);
  };

  return (
    <ListPage title={t("scenarios.title")} controls={controls} query={result} connection={connection}
      onRetry={() => refetch({ requestPolicy: "network-only" })}
      actions={(
        <Group gap="xs">
          <Button component={Link} to="/scenarios/new/edit">{t("scenarios.new")}</Button>
          <FileButton onChange={(file) => void upload(file)} accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml">
            {(props) => <Button variant="default" {...props} loading={imported.fetching}>{t("scenarios.import")}</Button>}
          </FileButton>
        </Group>
      )}
      intro={<>
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
      </>}
      empty={t("scenarios.empty")} total={(count) => t("lists.scenariosTotal", { count })}
      head={<>
        <Table.Th>{t("scenarios.name")}</Table.Th>
        <Table.Th>{t("scenarios.cases")}</Table.Th>
        <Table.Th>{t("targets.created")}</Table.Th>
      </>}
      row={(row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <Anchor component={Link} to={`/scenarios/${row.id}`}>{row.name}</Anchor>
            {row.description && <Text size="xs" c="dimmed" lineClamp={2}>{row.description}</Text>}
          </Table.Td>
          <Table.Td>{row.caseCount}</Table.Td>
          <Table.Td>{formatTime(row.createdAt, i18n.language)}</Table.Td>
        </Table.Tr>
      )} />
  );
}
