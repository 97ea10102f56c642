/** Settings: the API key in use (replace or forget it), the language; for ADMIN keys, API keys and webhooks. */
import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { useApi } from "../../graphql/ApiProvider";
import { MeQuery } from "../../graphql/meQuery";
import { ApiKeys } from "./ApiKeys";
import { Webhooks } from "./Webhooks";
import { LanguageSwitch } from "../../components/language/LanguageSwitch";

export function SettingsPage() {
  const { t } = useTranslation();
  const { apiKey, setApiKey, clearApiKey } = useApi();
  const [value, setValue] = useState("");
  const [me] = useQuery({ query: MeQuery });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) setApiKey(value);
    setValue("");
  };
  return (
    <Stack maw={900}>
      <Title order={2}>{t("settings.title")}</Title>
      <Paper withBorder p="md">
        <form onSubmit={submit}>
          <Stack>
            <Title order={3}>{t("key.label")}</Title>
            <Text size="sm">{t("settings.keyInUse", { suffix: apiKey ? apiKey.slice(-4) : "—" })}</Text>
            <PasswordInput label={t("settings.newKey")} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
            <Group>
              <Button type="submit">{t("key.save")}</Button>
              <Button variant="default" onClick={clearApiKey}>{t("key.signOut")}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} mb="sm">{t("nav.language")}</Title>
        <LanguageSwitch />
      </Paper>
      {/* UI.md lists models per role under settings; they have their own page. */}
      <Paper withBorder p="md">
        <Title order={3} mb="xs">{t("models.title")}</Title>
        <Anchor component={Link} to="/models" size="sm">{t("models.settingsLink")}</Anchor>
      </Paper>
      {me.data?.me.role === "ADMIN" && (
        <Paper withBorder p="md">
          <ApiKeys />
        </Paper>
      )}
      {/* `webhooks` answers FORBIDDEN to other roles: they get the note, not the error. */}
      {me.data && (
        <Paper withBorder p="md" component="section" aria-label={t("ops.webhooks.title")}>
          {me.data.me.role === "ADMIN" ? <Webhooks /> : (
            <Stack gap="xs">
              <Title order={3}>{t("ops.webhooks.title")}</Title>
              <Text size="sm">{t("ops.webhooks.adminOnly")}</Text>
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
