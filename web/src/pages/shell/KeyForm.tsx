/** Asks for the API key; shows why the last one was refused and how to get one. */
import { Button, Code, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNotice } from "../../components/ErrorNotice";
import type { ApiError } from "../../graphql/errors";
import { useApi } from "../../graphql/ApiProvider";

export function KeyForm({ error }: { error?: ApiError | null }) {
  const { t } = useTranslation();
  const { setApiKey } = useApi();
  const [value, setValue] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) setApiKey(value);
  };
  return (
    <Paper withBorder p="lg" maw={560} mx="auto" mt="xl">
      <form onSubmit={submit}>
        <Stack>
          <Title order={2}>{t("key.title")}</Title>
          <Text size="sm">{t("key.intro")}</Text>
          {error && <ErrorNotice error={error} title={t("key.refused")} />}
          <PasswordInput label={t("key.label")} placeholder="ae_…" value={value}
            onChange={(e) => setValue(e.currentTarget.value)} autoFocus required />
          {!error && (
            <Text size="sm" c="dimmed">
              {t("key.where")} <Code>agenteval keys create --name me --role OPERATOR</Code>
            </Text>
          )}
          <Button type="submit">{t("key.save")}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
