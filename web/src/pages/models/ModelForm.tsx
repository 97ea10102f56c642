/** One role's model config as an ADMIN edits it: provider, base URL, model, API key (write-only), params. */
import { Button, Group, JsonInput, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { focusFirstError } from "../../components/forms/focusFirstError";
import { apiErrorFromCombined, errorsAt, fieldErrors } from "../../graphql/errors";
import { ModelConfigFields, SetModelConfigMutation } from "./queries";
import { paramsText, parseParams, type ModelRoleName } from "./modelRoles";
import { readFragment, type FragmentOf, type ResultOf } from "../../graphql/graphql";

type Config = ResultOf<typeof ModelConfigFields>;

export function ModelForm({ role, config, onDone }: {
  role: ModelRoleName; config: FragmentOf<typeof ModelConfigFields> | null; onDone(): void;
}) {
  const { t } = useTranslation();
  const current: Config | null = config ? readFragment(ModelConfigFields, config) : null;
  const [provider, setProvider] = useState(current?.provider ?? "openai");
  const [baseUrl, setBaseUrl] = useState(current?.baseUrl ?? "");
  const [model, setModel] = useState(current?.model ?? "");
  const [apiKey, setApiKey] = useState("");
  const [params, setParams] = useState(paramsText(current?.params));
  const [saved, save] = useMutation(SetModelConfigMutation);
  const parsed = parseParams(params);
  const error = saved.error ? apiErrorFromCombined(saved.error) : null;
  const errors = error ? fieldErrors(error, t) : [];
  const at = (field: string) => errorsAt(errors, field)[0]?.message;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    if (parsed.error) {
      focusFirstError(form);
      return;
    }
    // An empty key box keeps the stored key (the API never reads one back).
    const result = await save({ role, input: {
      provider: provider.trim(), model: model.trim(), baseUrl: baseUrl.trim() || null,
      apiKey: apiKey ? apiKey : null, params: parsed.params ?? {},
    } });
    if (result.data) onDone();
    else focusFirstError(form);
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t("models.editOf", { role: t(`models.roles.${role}`) })}>
      <Stack gap="sm">
        <Group grow align="start">
          <TextInput label={t("models.provider")} required value={provider} error={at("input.provider")}
            onChange={(e) => setProvider(e.currentTarget.value)} />
          <TextInput label={t("models.model")} required value={model} error={at("input.model")}
            onChange={(e) => setModel(e.currentTarget.value)} />
        </Group>
        <TextInput label={t("models.baseUrl")} type="url" autoComplete="off" placeholder="http://127.0.0.1:8080/v1"
          value={baseUrl} error={at("input.baseUrl")} onChange={(e) => setBaseUrl(e.currentTarget.value)} />
        <PasswordInput label={t("models.apiKey")} autoComplete="off" value={apiKey} error={at("input.apiKey")}
          description={current?.hasApiKey ? t("models.apiKeyKept") : t("models.apiKeyNone")}
          onChange={(e) => setApiKey(e.currentTarget.value)} />
        <JsonInput label={t("models.params")} description={t("models.paramsHint")} autosize minRows={2}
          value={params} onChange={setParams}
          error={parsed.error ? t(parsed.error) : at("input.params")} />
        {error && <ErrorNotice error={error} />}
        <Group>
          <Button type="submit" loading={saved.fetching} disabled={!model.trim() || !!parsed.error}>{t("models.save")}</Button>
          <Button variant="default" onClick={onDone}>{t("models.cancel")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
