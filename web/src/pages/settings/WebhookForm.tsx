/** A new webhook: name, URL (a secret: never read back), format, and the events it wants. */
import { Button, Checkbox, Group, Select, Stack, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { problemsByField, validateAgainstSchema } from "../../components/forms/validateAgainstSchema";
import { apiErrorFromCombined, errorsAt, fieldErrors } from "../../graphql/errors";
import { CreateWebhookMutation } from "./queries";
import { eventLabelKey, eventsToSend, WEBHOOK_EVENTS, WEBHOOK_FORMATS, WEBHOOK_SCHEMA, type WebhookFormat } from "./webhookOptions";
import { focusFirstError } from "../../components/forms/focusFirstError";

export function WebhookForm({ onCreated }: { onCreated(): void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<WebhookFormat>("JSON");
  const [events, setEvents] = useState<string[]>([]);
  const [created, create] = useMutation(CreateWebhookMutation);
  const error = created.error ? apiErrorFromCombined(created.error) : null;
  const errors = error ? fieldErrors(error, t) : [];
  // After the first Create, every field is checked as it changes.
  const [tried, setTried] = useState(false);
  const input = { name: name.trim(), url: url.trim(), format, events: eventsToSend(events) };
  const local = tried ? problemsByField(validateAgainstSchema(WEBHOOK_SCHEMA, input, i18n.language), i18n.language) : {};
  const at = (field: string) => local[field] ?? errorsAt(errors, field)[0]?.message;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (validateAgainstSchema(WEBHOOK_SCHEMA, input, i18n.language).length > 0) { focusFirstError(); return; }
    const result = await create(input);
    if (result.data) {
      setTried(false);
      setName("");
      setUrl("");
      setEvents([]);
      onCreated();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t("ops.webhooks.create")} noValidate>
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
          <Button type="submit" loading={created.fetching}>
            {t("ops.webhooks.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
