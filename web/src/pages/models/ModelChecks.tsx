/** "Check": one short call per configured role (the `agenteval models check` logic); results shown, never stored. */
import { Button, Code, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { TableScroll } from "../../components/layout/TableScroll";
import { apiErrorFromCombined } from "../../graphql/errors";
import { CheckModelsMutation } from "./queries";

export function ModelChecks() {
  const { t } = useTranslation();
  const [checked, check] = useMutation(CheckModelsMutation);
  const yesNo = (value: boolean | null) => (value === null ? "—" : value ? t("common.yes") : t("common.no"));
  const results = checked.data?.checkModels;
  return (
    <Paper withBorder p="md" component="section" aria-label={t("models.check.title")}>
      <Stack gap="sm">
        <Title order={3}>{t("models.check.title")}</Title>
        <Text size="sm">{t("models.check.hint")}</Text>
        <Group>
          <Button onClick={() => void check({})} loading={checked.fetching}>{t("models.check.run")}</Button>
        </Group>
        {checked.error && <ErrorNotice error={apiErrorFromCombined(checked.error)} />}
        {results === null && <Text size="sm">{t("models.check.unavailable")}</Text>}
        {results && results.length === 0 && <Text size="sm">{t("models.check.none")}</Text>}
        {results && results.length > 0 && (
          <TableScroll>
            <Table aria-label={t("models.check.results")} miw={820}>
              <Table.Thead>
                <Table.Tr>
                  {(["role", "result", "reachable", "usage", "form", "valid", "sample"] as const).map((h) => (
                    <Table.Th key={h}>{t(`models.check.columns.${h}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((r) => (
                  <Table.Tr key={r.role}>
                    <Table.Td><b>{t(`models.roles.${r.role}`)}</b><Text size="xs"><Code>{r.model}</Code></Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>{r.baseUrl}</Text></Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}><Text size="sm" fw={700} c={r.ok ? undefined : "red.9"}>{r.ok ? `✓ ${t("models.check.ok")}` : `✗ ${t("models.check.notOk")}`}</Text></Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{yesNo(r.reachable)}{r.latencyMs !== null && ` · ${t("models.check.latency", { ms: r.latencyMs })}`}</Table.Td>
                    <Table.Td>{yesNo(r.usageReported)}</Table.Td>
                    <Table.Td>{r.structuredOutput ? <Code>{r.structuredOutput}</Code> : "—"}</Table.Td>
                    <Table.Td>{yesNo(r.answerValid)}</Table.Td>
                    <Table.Td maw={360}>
                      {r.sample && <Text size="xs" style={{ overflowWrap: "anywhere" }}><Code>{r.sample}</Code></Text>}
                      {r.error && <Text size="xs" c="red" style={{ overflowWrap: "anywhere" }}>{r.error}</Text>}
                    </Table.Td>
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
