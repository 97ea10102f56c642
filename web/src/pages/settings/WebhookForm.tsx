/** A new webhook: name, URL (a secret: never read back), format, and the events it wants. */
import { Button, Checkbox, Group, Select, Stack, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { apiErrorFromCombined, errorsAt, fieldErrors } from "../../graphql/errors";
import { CreateWebhookMutation } from "./queries";
import { eventLabelKey, eventsToSend, WEBHOOK_EVENTS, WEBHOOK_FORMATS, type WebhookFormat } from "./webhookOptions";

export function WebhookForm({ onCreated }: { onCreated(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<WebhookFormat>("JSON");
  const [events, setEvents] = useState<string[]>([]);
  const [created, create] = useMutation(CreateWebhookMutation);
  const error = created.error ? apiErrorFromCombined(created.error) : null;
  const errors = error ? fieldErrors(error) : [];
  const at = (field: string) => errorsAt(errors, field)[0]?.message;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ name: name.trim(), url: url.trim(), format, events: eventsToSend(events) });
    if (result.data) {
      setName("");
      setUrl("");
      setEvents([]);
      onCreated();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t("ops.webhooks.create")}>
      <Stack gap="sm">
        <Title order={4}>{t("ops.webhooks.create")}</Title>
        <Group grow align="start">
          <TextInput label={t("ops.webhooks.name")} required value={name} error={at("name")}
            onChange={(e) => setName(e.currentTarget.value)} />
          <Select label={t("ops.webhooks.format")} value={format} allowDeselect={false} data={[...WEBHOOK_FORMATS]}
            error={at("format")} onChange={(value) => setFormat((value ?? "JSON") as WebhookFormat)} />
        </Group>
        <TextInput label={t("ops.webhooks.url")} description={t("ops.webhooks.urlHint")} required type="url"
          autoComplete="off" placeholder="https://open.feishu.cn/open-apis/bot/v2/hook/…" value={url} error={at("url")}
          onChange={(e) => setUrl(e.currentTarget.value)} />
        <Checkbox.Group label={t("ops.webhooks.events")} description={t("ops.webhooks.eventsHint")} value={events}
          onChange={setEvents} error={at("events")}>
          <Group mt="xs">
            {WEBHOOK_EVENTS.map((name) => (
              <Checkbox key={name} value={name} label={`${t(eventLabelKey(name))} (${name})`} />
            ))}
          </Group>
        </Checkbox.Group>
        {error && <ErrorNotice error={error} />}
        <Group>
          <Button type="submit" loading={created.fetching} disabled={!name.trim() || !url.trim()}>
            {t("ops.webhooks.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
