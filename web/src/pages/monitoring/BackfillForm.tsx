/** "Judge earlier conversations": a new monitor judges what closed before it existed only when asked (backfillMonitor). */
import { Button, Card, Group, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { apiErrorFromCombined } from "../../graphql/errors";
import { BackfillMonitorMutation } from "./queries";

/** The local date-time input's value a day ago (YYYY-MM-DDTHH:mm). */
function dayAgo(): string {
  const date = new Date(Date.now() - 86_400_000);
  date.setMinutes(date.getMinutes() - date.getTimezoneOffset());
  return date.toISOString().slice(0, 16);
}

export function BackfillForm({ monitorId }: { monitorId: string }) {
  const { t } = useTranslation();
  const [since, setSince] = useState(dayAgo);
  const [outcome, backfill] = useMutation(BackfillMonitorMutation);
  const queued = outcome.data?.backfillMonitor;
  const start = () => {
    const at = new Date(since);
    if (!Number.isNaN(at.getTime())) void backfill({ id: monitorId, since: at.toISOString() });
  };
  return (
    <Card withBorder component="section" aria-label={t("monitoring.backfill")}>
      <Title order={3} size="h4">{t("monitoring.backfill")}</Title>
      <Text size="sm" c="dimmed" mb="xs">{t("monitoring.backfillHelp")}</Text>
      <Group align="end" wrap="wrap">
        <TextInput type="datetime-local" label={t("monitoring.backfillSince")} value={since} w={240} maw="100%"
          onChange={(e) => setSince(e.currentTarget.value)} />
        <Button variant="light" onClick={start} loading={outcome.fetching} disabled={!since}>{t("monitoring.backfillStart")}</Button>
      </Group>
      {queued !== undefined && <Text role="status" size="sm" mt="xs">{t("monitoring.backfillQueued", { count: queued })}</Text>}
      {outcome.error && <ErrorNotice error={apiErrorFromCombined(outcome.error)} />}
    </Card>
  );
}
