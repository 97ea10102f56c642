/**
 * Give a queue to reviewer keys (by name) and hand one of them a batch of N items; beside it,
 * how far each reviewer is (answered, holding). An assigned batch is the same lock a reviewer's
 * own claim takes, so it lapses after the claim timeout like any other.
 */
import { Button, Group, MultiSelect, NumberInput, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { TableScroll } from "../../components/layout/TableScroll";
import { personOf } from "../../components/review-queues/rubric";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { message, say, type Message } from "../../components/message";
import { AssignBatchMutation, AssignQueueMutation, ReviewerKeysQuery, ReviewerProgressQuery } from "./queries";

const MAX_BATCH = 50; // engine/review_queues/work.py MAX_BATCH

export function AssignPanel({ queueId, given, onChanged }: { queueId: string; given: readonly string[]; onChanged(): void }) {
  const { t } = useTranslation();
  const [keys] = useQuery({ query: ReviewerKeysQuery });
  const [progress, reloadProgress] = useQuery({ query: ReviewerProgressQuery, variables: { queueId }, requestPolicy: "cache-and-network" });
  // The list being edited; null shows the saved one (so a save or another tab's change shows).
  const [draft, setDraft] = useState<string[] | null>(null);
  const reviewers = draft ?? [...given];
  const [batchTo, setBatchTo] = useState<string | null>(null);
  const [size, setSize] = useState<number>(10);
  const [notice, setNotice] = useState<Message | null>(null); // translated at render: follows a language switch
  const [error, setError] = useState<ApiError | null>(null);
  const [saving, save] = useMutation(AssignQueueMutation);
  const [assigning, assign] = useMutation(AssignBatchMutation);
  if (keys.error) return <ErrorNotice error={apiErrorFromCombined(keys.error)} />;
  const options = (keys.data?.reviewerKeys ?? []).map((k) => ({ value: k.id, label: `${k.name} (${k.role})` }));
  const nameOf = (id: string) => keys.data?.reviewerKeys?.find((k) => k.id === id)?.name ?? id;

  async function saveReviewers() {
    setNotice(null);
    const result = await save({ queueId, keys: reviewers });
    if (result.error) { setError(apiErrorFromCombined(result.error)); return; }
    setError(null);
    setDraft(null);
    setNotice(message("workbench.assign.saved"));
    onChanged();
  }
  async function assignBatch() {
    if (!batchTo) return;
    setNotice(null);
    const result = await assign({ queueId, keyId: batchTo, size });
    if (result.error) { setError(apiErrorFromCombined(result.error)); return; }
    setError(null);
    const n = result.data?.assignReviewBatch?.length ?? 0;
    setNotice(n > 0 ? message("workbench.assign.assigned", { n, who: nameOf(batchTo) }) : message("workbench.assign.assignedNone", { who: nameOf(batchTo) }));
    reloadProgress({ requestPolicy: "network-only" });
    onChanged();
  }
  const rows = progress.data?.reviewQueueReport?.reviewers ?? [];
  return (
    <Stack gap="md">
      <Paper withBorder p="sm" component="section" aria-labelledby="assign-reviewers">
        <Title order={3} size="h4" id="assign-reviewers">{t("workbench.assign.title")}</Title>
        <Stack gap="sm" mt="xs">
          <MultiSelect label={t("workbench.assign.reviewers")} description={t("workbench.assign.reviewersHint")} data={options}
            value={reviewers} onChange={setDraft} searchable clearable comboboxProps={{ withinPortal: true }} />
          <Group><Button onClick={() => void saveReviewers()} loading={saving.fetching}>{t("workbench.assign.save")}</Button></Group>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select label={t("workbench.assign.batchTo")} data={options} value={batchTo} onChange={setBatchTo} searchable
              miw={200} style={{ flex: "1 1 200px" }} />
            <NumberInput label={t("workbench.assign.size")} min={1} max={MAX_BATCH} value={size} w={120}
              onChange={(v) => setSize(typeof v === "number" ? v : Number(v) || 1)} />
            <Button onClick={() => void assignBatch()} loading={assigning.fetching} disabled={!batchTo}>{t("workbench.assign.assign")}</Button>
          </Group>
          {notice && <Text size="sm" c="teal.9" role="status">{say(t, notice)}</Text>}
          {error && <ErrorNotice error={error} />}
        </Stack>
      </Paper>
      <Stack gap={4} component="section" aria-labelledby="reviewer-progress">
        <Title order={3} size="h4" id="reviewer-progress">{t("workbench.assign.progress")}</Title>
        {rows.length === 0 ? <Text size="sm" c="dimmed">{t("workbench.assign.noProgress")}</Text> : (
          <TableScroll minWidth={320}>
            <Table striped aria-label={t("workbench.assign.progress")}>
              <Table.Thead><Table.Tr>
                <Table.Th>{t("workbench.reviewer")}</Table.Th><Table.Th>{t("workbench.answered")}</Table.Th><Table.Th>{t("workbench.holding")}</Table.Th>
              </Table.Tr></Table.Thead>
              <Table.Tbody>{rows.map((r) => (
                <Table.Tr key={r.reviewerKeyId}><Table.Td title={r.reviewer}>{personOf(r.reviewer)}</Table.Td><Table.Td>{r.answered}</Table.Td><Table.Td>{r.holding}</Table.Td></Table.Tr>
              ))}</Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
    </Stack>
  );
}
