/** ADMIN only: webhooks that tell a team chat about plans waiting and evals or runs ending. */
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { ErrorNotice } from "../../components/ErrorNotice";
import { ListPager } from "../../components/lists/ListPager";
import { ListToolbar } from "../../components/lists/ListToolbar";
import { localPage } from "../../components/lists/localList";
import { useListControls } from "../../components/lists/useListControls";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { readFragment, type ResultOf } from "../../graphql/graphql";
import { DeleteWebhookMutation, TestWebhookMutation, WebhookFields, WebhooksQuery } from "./queries";
import { WebhookForm } from "./WebhookForm";
import { deliveryState, eventLabelKey, isKnownEvent } from "./webhookOptions";
import { TableScroll } from "../../components/layout/TableScroll";

type Webhook = ResultOf<typeof WebhookFields>;
interface TestOutcome { name: string; ok: boolean }

export function Webhooks() {
  const { t } = useTranslation();
  const [list, refetch] = useQuery({ query: WebhooksQuery, requestPolicy: "network-only" });
  const [testing, runTest] = useMutation(TestWebhookMutation);
  const [, runDelete] = useMutation(DeleteWebhookMutation);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const reload = () => refetch({ requestPolicy: "network-only" });
  const hooks = list.data?.webhooks?.map((hook) => readFragment(WebhookFields, hook)) ?? [];
  // Webhooks are few: the page holds them all and searches, sorts and pages them itself.
  const controls = useListControls("NEWEST_FIRST", false, "hooks.");
  const page = localPage(hooks, controls.variables, { name: (h) => h.name, created: (h) => h.createdAt });

  const test = async (hook: Webhook) => {
    setOutcome(null);
    const result = await runTest({ id: hook.id });
    setError(result.error ? apiErrorFromCombined(result.error) : null);
    if (result.data) setOutcome({ name: hook.name, ok: result.data.testWebhook });
    reload(); // the test's outcome is the webhook's last delivery now
  };
  const remove = async (hook: Webhook): Promise<ApiError | null> => {
    const result = await runDelete({ id: hook.id });
    if (result.error) return apiErrorFromCombined(result.error);
    if (outcome?.name === hook.name) setOutcome(null);
    reload();
    return null;
  };

  return (
    <Stack>
      <Title order={3}>{t("ops.webhooks.title")}</Title>
      <Text size="sm">{t("ops.webhooks.intro")}</Text>
      {list.error && <ErrorNotice error={apiErrorFromCombined(list.error)} />}
      {list.data && hooks.length === 0 && <Text size="sm" c="dimmed">{t("ops.webhooks.empty")}</Text>}
      {hooks.length > 0 && <ListToolbar controls={controls} searchLabel={t("smallLists.searchWebhooks")} />}
      {hooks.length > 0 && page.rows.length === 0 && <Text size="sm" c="dimmed">{t("lists.noMatch")}</Text>}
      {hooks.length > 0 && (
        <TableScroll>
        <Table aria-label={t("ops.webhooks.title")} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("ops.webhooks.name")}</Table.Th>
              <Table.Th>{t("ops.webhooks.format")}</Table.Th>
              <Table.Th>{t("ops.webhooks.events")}</Table.Th>
              <Table.Th>{t("ops.webhooks.url")}</Table.Th>
              <Table.Th>{t("ops.webhooks.created")}</Table.Th>
              <Table.Th>{t("ops.webhooks.lastDelivery")}</Table.Th>
              <Table.Th><span className="visually-hidden">{t("ops.webhooks.actions")}</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.rows.map((hook) => (
              <WebhookRow key={hook.id} hook={hook} testing={testing.fetching && testing.operation?.variables.id === hook.id}
                onTest={() => void test(hook)} onDelete={() => remove(hook)} />
            ))}
          </Table.Tbody>
        </Table>
        </TableScroll>
      )}
      {hooks.length > 0 && <ListPager controls={controls} connection={page.connection}
        total={t("smallLists.webhooksTotal", { count: page.connection.totalCount })} />}
      {outcome && (
        <Alert role="status" color={outcome.ok ? "green" : "red"} variant="light"
          styles={{ title: { color: "var(--mantine-color-text)" } }}
          title={t(outcome.ok ? "ops.webhooks.testOk" : "ops.webhooks.testFailed", { name: outcome.name })}>
          {!outcome.ok && <Text size="sm">{hooks.find((h) => h.name === outcome.name)?.lastError ?? ""}</Text>}
        </Alert>
      )}
      {error && <ErrorNotice error={error} />}
      <WebhookForm onCreated={reload} />
    </Stack>
  );
}

interface RowProps { hook: Webhook; testing: boolean; onTest(): void; onDelete(): Promise<ApiError | null> }

function WebhookRow({ hook, testing, onTest, onDelete }: RowProps) {
  const { t, i18n } = useTranslation();
  const state = deliveryState(hook.lastDeliveryOk);
  return (
    <Table.Tr>
      <Table.Td>{hook.name}</Table.Td>
      <Table.Td>{hook.format}</Table.Td>
      <Table.Td>
        {hook.events.length === 0 ? <Text size="sm">{t("ops.webhooks.allEvents")}</Text> : (
          <Group gap={4}>
            {hook.events.map((event) => (
              <Badge key={event} variant="outline" size="sm" title={event}>
                {isKnownEvent(event) ? t(eventLabelKey(event)) : event}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td><Text size="sm" ff="monospace">{hook.url}</Text></Table.Td>
      <Table.Td>{formatTime(hook.createdAt, i18n.language)}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Badge color={state === "ok" ? "green" : state === "failed" ? "red" : "gray"} variant="light">
            {t(`ops.webhooks.${state}`)}
          </Badge>
          {hook.lastDeliveryAt && <Text size="xs">{formatTime(hook.lastDeliveryAt, i18n.language)}</Text>}
          {hook.lastError && (
            <Text size="xs" c="red.9" style={{ whiteSpace: "pre-wrap" }}>{t("ops.webhooks.lastError")}: {hook.lastError}</Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" loading={testing} onClick={onTest}
            aria-label={t("ops.webhooks.testLabel", { name: hook.name })}>{t("ops.webhooks.test")}</Button>
          <ConfirmDelete size="xs" label={t("ops.delete.webhookLabel", { name: hook.name })}
            title={t("ops.delete.webhookTitle", { name: hook.name })}
            consequence={t("ops.delete.webhookConsequence")} onConfirm={onDelete} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
