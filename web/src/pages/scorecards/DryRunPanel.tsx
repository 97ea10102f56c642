/** The dry run: one pasted conversation scored by the draft; each item's hit with its turn. */
import { Alert, Badge, Button, Group, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useClient } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import type { JsonValue } from "../../graphql/graphql";
import { ScorecardDryRunQuery } from "./queries";
import { conversationFrom } from "./scorecardDraft";

interface ItemResult { item: string; status: string; points: number; evidence: { turn_index?: number; quote?: string }[] }
interface DryResult { total: number; grade: string; passed: boolean; vetoes: string[]; items: ItemResult[] }

export function DryRunPanel({ document }: { document: () => string | null }) {
  const { t } = useTranslation();
  const client = useClient();
  const [pasted, setPasted] = useState("");
  const [result, setResult] = useState<DryResult | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    const text = document();
    if (text === null) return;
    setRunning(true);
    const answer = await client.query(ScorecardDryRunQuery,
      { document: text, messages: conversationFrom(pasted) as unknown as JsonValue }, { requestPolicy: "network-only" });
    setRunning(false);
    setError(answer.error ? apiErrorFromCombined(answer.error) : null);
    setResult(answer.data ? (answer.data.scorecardDryRun as unknown as DryResult) : null);
  };
  return (
    <Stack gap="sm" component="section" aria-label={t("scorecards.dryRun")}>
      <Title order={3}>{t("scorecards.dryRun")}</Title>
      <Text size="sm" c="dimmed">{t("scorecards.dryRunHint")}</Text>
      <Textarea label={t("scorecards.conversation")} autosize minRows={4} maxRows={14} value={pasted}
        onChange={(e) => setPasted(e.currentTarget.value)} />
      <Group><Button variant="light" loading={running} disabled={!pasted.trim()} onClick={() => void run()}>{t("scorecards.runDry")}</Button></Group>
      {error && <ErrorNotice error={error} />}
      {result && (
        <Stack gap="xs">
          <Alert color={result.passed ? "green" : "red"} variant="light">
            {t("scorecards.total", { total: result.total, grade: result.grade })} · {result.passed ? t("scorecards.passed") : t("scorecards.failed")}
            {result.vetoes.length > 0 && <> · {t("scorecards.vetoed", { items: result.vetoes.join(", ") })}</>}
          </Alert>
          <Table striped>
            <Table.Tbody>
              {result.items.map((item) => (
                <Table.Tr key={item.item}>
                  <Table.Td><Text size="sm" ff="monospace">{item.item}</Text></Table.Td>
                  <Table.Td><Badge variant="light" color={item.status === "hit" ? "red" : "gray"}>{t(`scorecards.status.${item.status}`, { defaultValue: item.status })}</Badge></Table.Td>
                  <Table.Td>{item.points !== 0 ? item.points : ""}</Table.Td>
                  <Table.Td>{item.evidence.slice(0, 2).map((e, i) => (
                    <Text key={i} size="xs">{t("scorecards.turn", { n: (e.turn_index ?? 0) + 1 })} “{e.quote}”</Text>
                  ))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
