/** 新建: create an intelligent eval; VALIDATION_FAILED details appear at their field. */
import { Alert, Button, Group, List, NumberInput, Select, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { humanPath } from "../../components/forms/fieldPaths";
import { apiErrorFromCombined, errorsAt, fieldErrors, type ApiError, type FieldError } from "../../graphql/errors";
import type { JsonValue } from "../../graphql/graphql";
import { TargetOptionsQuery } from "../../graphql/targetOptions";
import { targetPickerOptions } from "../../components/lists/targetPicker";
import { CreateEvalMutation } from "./queries";
import { redTeamPreset } from "./redteamPreset";
import { seedsFromJson, seedsToJson } from "./seeds";
import { SeedsEditor, type SeedsState } from "./SeedsEditor";
import { validateNewEval } from "./validate";
import { focusFirstError } from "../../components/forms/focusFirstError";

const initialSeeds: SeedsState = {
  mode: "form",
  form: { personas: [], goals: [{ goal: "", dimension: "", opening: "", followUps: "", successSignals: "" }] },
  jsonText: "",
  jsonError: null,
};

export function NewEvalPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [targets] = useQuery({ query: TargetOptionsQuery });
  const [created, create] = useMutation(CreateEvalMutation);
  const [name, setName] = useState("");
  const [targetId, setTargetId] = useState<string | null>(null);
  const [goal, setGoal] = useState("");
  const [intent, setIntent] = useState("");
  const [roleDescription, setRoleDescription] = useState("");
  const [hours, setHours] = useState<number>(24);
  const [language, setLanguage] = useState<"auto" | "zh" | "en">("auto");
  const [seeds, setSeeds] = useState<SeedsState>(initialSeeds);
  const [error, setError] = useState<ApiError | null>(null);
  const [tried, setTried] = useState(false);
  // Once submitted, the form's own checks follow every keystroke: a fixed field loses its message.
  const local: FieldError[] = tried
    ? validateNewEval({ name, targetId, goal, intent, roleDescription, timeWindowHours: hours }, seeds.mode === "form" ? seeds.form : null)
      .map((p) => ({ path: p.path, message: t(`forms.${p.code}`) }))
    : [];
  const errors = [...local, ...(error ? fieldErrors(error, t) : []).filter((e) => !local.some((l) => l.path === e.path))];
  const at = (path: string) => errorsAt(errors, path).map((e) => e.message).join("; ") || undefined;
  const labels = {
    name: t("new.name"), targetId: t("new.target"), goal: t("new.goal"), intent: t("new.intent"), roleDescription: t("new.roleDescription"),
    timeWindowHours: t("new.timeWindow"), seeds: t("new.seeds"), personas: t("forms.persona"), goals: t("forms.seedGoal"),
  };

  const fillRedTeam = () => {
    const preset = redTeamPreset();
    setName(preset.name);
    setGoal(preset.goal);
    setIntent(preset.intent);
    setRoleDescription(preset.roleDescription);
    setSeeds({ mode: "form", form: preset.seeds, jsonText: "", jsonError: null });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const problems = validateNewEval({ name, targetId, goal, intent, roleDescription, timeWindowHours: hours }, seeds.mode === "form" ? seeds.form : null);
    if (problems.length > 0) { setError(null); focusFirstError(); return; }
    let seedsJson: JsonValue;
    if (seeds.mode === "json") {
      const parsed = seedsFromJson(seeds.jsonText);
      if (!parsed.ok) {
        setSeeds({ ...seeds, jsonError: parsed.message });
        focusFirstError();
        return;
      }
      seedsJson = parsed.json;
    } else {
      seedsJson = seedsToJson(seeds.form);
    }
    const result = await create({
      input: { name, targetId: targetId ?? "", goal, seeds: seedsJson, intent, roleDescription, timeWindowHours: hours,
        language: language === "auto" ? null : language },
    });
    if (result.error) {
      setError(apiErrorFromCombined(result.error));
      focusFirstError(); // a server VALIDATION_FAILED lands at its field; anything else at the error notice
    } else if (result.data) {
      navigate(`/evals/${result.data.createIntelligentEval.id}`);
    }
  };

  const targetOptions = targetPickerOptions(targets.data?.targets.edges.map((e) => e.node) ?? [], t, i18n.language);

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={900}>
        <Group justify="space-between">
          <Title order={2}>{t("new.title")}</Title>
          <Button variant="light" onClick={fillRedTeam}>{t("new.redTeamPreset")}</Button>
        </Group>
        {targets.data && targetOptions.length === 0 && <Alert color="yellow">{t("new.noTargets")}</Alert>}
        <TextInput label={t("new.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={at("name")} />
        <Select label={t("new.target")} data={targetOptions} value={targetId} onChange={setTargetId} required
          searchable error={at("targetId")} />
        <Textarea label={t("new.goal")} description={t("forms.goalHelp")} placeholder={t("forms.goalExample")} value={goal}
          onChange={(e) => setGoal(e.currentTarget.value)} required autosize minRows={2} error={at("goal")} />
        <SeedsEditor value={seeds} onChange={setSeeds} errors={errors} />
        <Textarea label={t("new.intent")} description={t("forms.intentHelp")} placeholder={t("forms.intentExample")} value={intent}
          onChange={(e) => setIntent(e.currentTarget.value)} required autosize minRows={2} error={at("intent")} />
        <Textarea label={t("new.roleDescription")} description={t("forms.roleHelp")} placeholder={t("forms.roleExample")}
          value={roleDescription} required autosize minRows={2}
          onChange={(e) => setRoleDescription(e.currentTarget.value)} error={at("roleDescription")} />
        <NumberInput label={t("new.timeWindow")} value={hours} min={1} max={720} error={at("timeWindowHours")}
          onChange={(v) => setHours(typeof v === "number" ? v : Number(v) || 24)} w={220} />
        <Select label={t("new.language")} description={t("new.languageHelp")} value={language} allowDeselect={false} w={320}
          data={[{ value: "auto", label: t("new.languageAuto") }, { value: "zh", label: t("new.languageZh") }, { value: "en", label: t("new.languageEn") }]}
          onChange={(v) => setLanguage(v === "zh" || v === "en" ? v : "auto")} error={at("language")} />
        {error && <ErrorNotice error={error} />}
        {errors.length > 0 && (
          <List size="sm" c="red.9" aria-label={t("new.fieldErrors")}>
            {errors.map((e) => <List.Item key={e.path + e.message}>{humanPath(e.path, labels) || "—"}: {e.message}</List.Item>)}
          </List>
        )}
        <Group>
          <Button type="submit" loading={created.fetching}>{t("new.create")}</Button>
          <Button component={Link} to="/evals" variant="default">{t("common.back")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
