/** Create or edit a target: the config form comes from the channel type's JSON Schema. */
import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { SchemaFields } from "../../components/schema-form/SchemaFields";
import { formProblems } from "../../components/schema-form/formProblems";
import { configFrom, describedIn, initialValues, schemaFields, type FormValues } from "../../components/schema-form/schemaForm";
import { apiErrorFromCombined, fieldErrors, type ApiError } from "../../graphql/errors";
import type { ResultOf } from "../../graphql/graphql";
import { CreateTargetMutation, TargetEditQuery, UpdateTargetMutation } from "./queries";
import { TargetActions } from "./TargetActions";
import { focusFirstError } from "../../components/forms/focusFirstError";

/** The server's JSON Schema messages as the form's message codes (translated), else as they came. */
function messageCode(message: string): string {
  if (/is required/.test(message)) return "required";
  if (/does not match/.test(message)) return "pattern";
  if (/is not a known field/.test(message)) return "unknown";
  return message;
}

/** The API's VALIDATION_FAILED details under `channelConfig`, by field key. */
export function configErrors(error: ApiError | null): Record<string, string> {
  const result: Record<string, string> = {};
  for (const e of error ? fieldErrors(error) : []) {
    const match = /channel_?[cC]onfig\.([^.[]+)/.exec(e.path);
    if (match) result[match[1]] = messageCode(e.message);
  }
  return result;
}

export function TargetFormPage() {
  const { targetId } = useParams();
  const editing = !!targetId && targetId !== "new";
  const [result] = useQuery({
    query: TargetEditQuery, variables: { id: editing ? targetId : "", withTarget: editing }, requestPolicy: "network-only",
  });
  const { t } = useTranslation();
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  if (editing && !result.data.target) return <Text>{t("targets.notFound")}</Text>;
  return <TargetForm key={targetId ?? "new"} channelTypes={result.data.channelTypes} target={result.data.target ?? null} />;
}

type Data = ResultOf<typeof TargetEditQuery>;

function TargetForm({ channelTypes, target }: { channelTypes: Data["channelTypes"]; target: Data["target"] | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState(target?.name ?? "");
  const [description, setDescription] = useState(target?.description ?? "");
  const [channelType, setChannelType] = useState<string | null>(target?.channelType ?? channelTypes[0]?.name ?? null);
  const [maxConcurrency, setMaxConcurrency] = useState<number>(target?.maxConcurrency ?? 8);
  const type = channelTypes.find((c) => c.name === channelType);
  const fields = useMemo(() => schemaFields(type?.configSchema ?? null), [type]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields, target?.channelConfig ?? null));
  // After the first Save, every field is checked as it changes (a fixed field's message goes at once).
  const [tried, setTried] = useState(false);
  const localErrors = useMemo(() => (tried ? formProblems(type?.configSchema, fields, values, i18n.language) : {}),
    [tried, type, fields, values, i18n.language]);
  const nameMissing = tried && !name.trim();
  const [created, create] = useMutation(CreateTargetMutation);
  const [updated, update] = useMutation(UpdateTargetMutation);
  const [saved, setSaved] = useState(false);
  // Fields changed since the last Save: their old messages no longer apply.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [nameAtSave, setNameAtSave] = useState<string | null>(null);
  const outcome = target ? updated : created;
  const apiError = outcome.error ? apiErrorFromCombined(outcome.error) : null;
  const nameError = apiError && nameAtSave === name ? fieldErrors(apiError, t).find((e) => /(^|\.)name$/.test(e.path)) : undefined;
  const serverErrors = Object.fromEntries(Object.entries(configErrors(apiError)).filter(([key]) => !edited.has(key)));
  const shownErrors = { ...serverErrors, ...localErrors };
  const localCount = Object.keys(localErrors).length + (nameMissing ? 1 : 0);
  const changeValues = (next: FormValues) => {
    const changed = Object.keys(next).filter((key) => next[key] !== values[key]);
    if (changed.length) setEdited((now) => new Set([...now, ...changed]));
    setValues(next);
  };

  const pickType = (next: string | null) => {
    setChannelType(next);
    const nextType = channelTypes.find((c) => c.name === next);
    setValues(initialValues(schemaFields(nextType?.configSchema ?? null), null));
  };

  const save = async () => {
    setSaved(false);
    setEdited(new Set());
    setNameAtSave(name);
    setTried(true);
    const problems = formProblems(type?.configSchema, fields, values, i18n.language);
    if (Object.keys(problems).length > 0 || !name.trim() || !channelType) { focusFirstError(); return; }
    const { config } = configFrom(fields, values);
    if (target) {
      const answer = await update({ id: target.id, input: { name, description: description || null, channelConfig: config, maxConcurrency } });
      if (!answer.error) setSaved(true);
    } else {
      const answer = await create({ input: { name, description: description || null, channelType, channelConfig: config, maxConcurrency } });
      if (answer.data) void navigate(`/targets/${answer.data.createTarget.id}`);
    }
  };

  return (
    <Stack maw={720}>
      <Title order={2}>{target ? t("targets.editTitle", { name: target.name }) : t("targets.newTitle")}</Title>
      <TextInput label={t("targets.name")} withAsterisk value={name}
        error={nameMissing ? t("schemaErrors.required") : nameError?.message}
        onChange={(e) => setName(e.currentTarget.value)} />
      <TextInput label={t("targets.description")} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
      <Select label={t("targets.channelType")} disabled={!!target} allowDeselect={false} value={channelType}
        description={type ? describedIn(type.description, type.translations, i18n.language ?? "en") : undefined}
        data={channelTypes.map((c) => ({ value: c.name, label: c.name }))} onChange={pickType} />
      <NumberInput label={t("targets.maxConcurrency")} min={1} value={maxConcurrency}
        onChange={(v) => setMaxConcurrency(Number(v) || 1)} />
      <Title order={3} size="h4">{t("targets.config")}</Title>
      {fields.length === 0 && <Text size="sm" c="dimmed">{t("targets.noConfig")}</Text>}
      <SchemaFields fields={fields} values={values} onChange={changeValues} errors={shownErrors} />
      {localCount > 0 && <Alert color="red" variant="light" role="alert">{t("schemaErrors.fixFirst", { count: localCount })}</Alert>}
      {apiError && <ErrorNotice error={apiError} />}
      {saved && <Text role="status" fw={600}>{t("targets.saved")}</Text>}
      <Group>
        <Button onClick={() => void save()} loading={outcome.fetching}>{t("targets.save")}</Button>
      </Group>
      {target && <TargetActions targetId={target.id} />}
    </Stack>
  );
}
