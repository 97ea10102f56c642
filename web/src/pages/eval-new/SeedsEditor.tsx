/** Seeds as a form (personas, goals with an optional script) or as JSON. */
import { ActionIcon, Button, Fieldset, Group, Select, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { errorsAt, type FieldError } from "../../graphql/errors";
import { emptyGoal, emptyPersona, seedsFromJson, seedsToJson, type GoalForm, type PersonaForm, type SeedsForm } from "./seeds";

export interface SeedsState {
  mode: "form" | "json";
  form: SeedsForm;
  jsonText: string;
  jsonError: string | null;
}

interface Props {
  value: SeedsState;
  onChange(next: SeedsState): void;
  errors: FieldError[];
}

const at = (errors: FieldError[], path: string) => errorsAt(errors, path).map((e) => e.message).join("; ") || undefined;

export function SeedsEditor({ value, onChange, errors }: Props) {
  const { t } = useTranslation();
  const setForm = (form: SeedsForm) => onChange({ ...value, form });
  const setPersona = (i: number, patch: Partial<PersonaForm>) =>
    setForm({ ...value.form, personas: value.form.personas.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const setGoal = (i: number, patch: Partial<GoalForm>) =>
    setForm({ ...value.form, goals: value.form.goals.map((g, j) => (j === i ? { ...g, ...patch } : g)) });

  const switchMode = (mode: string | null) => {
    if (mode === "json") {
      onChange({ ...value, mode: "json", jsonText: JSON.stringify(seedsToJson(value.form), null, 2), jsonError: null });
    } else if (mode === "form") {
      const parsed = seedsFromJson(value.jsonText);
      if (parsed.ok) onChange({ ...value, mode: "form", form: parsed.form, jsonError: null });
      else onChange({ ...value, jsonError: parsed.message });
    }
  };
  const seedsError = at(errors, "seeds");

  return (
    <Fieldset legend={t("new.seeds")}>
      <Tabs value={value.mode} onChange={switchMode}>
        <Tabs.List>
          <Tabs.Tab value="form">{t("new.asForm")}</Tabs.Tab>
          <Tabs.Tab value="json">{t("new.asJson")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="form" pt="sm">
          <Stack>
            {value.form.personas.map((p, i) => (
              <Fieldset key={`p${i}`} legend={t("new.persona", { n: i + 1 })}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t("new.personaName")} value={p.name} error={at(errors, `seeds.personas[${i}].name`)}
                    onChange={(e) => setPersona(i, { name: e.currentTarget.value })} />
                  <Select label={t("new.patience")} value={p.patience || null} clearable
                    error={at(errors, `seeds.personas[${i}].patience`)}
                    data={["low", "medium", "high"].map((v) => ({ value: v, label: t(`new.patience_${v as "low"}`) }))}
                    onChange={(v) => setPersona(i, { patience: (v ?? "") as PersonaForm["patience"] })} />
                  <Textarea label={t("new.background")} value={p.background} autosize minRows={1}
                    onChange={(e) => setPersona(i, { background: e.currentTarget.value })} />
                  <Textarea label={t("new.personality")} value={p.personality} autosize minRows={1}
                    onChange={(e) => setPersona(i, { personality: e.currentTarget.value })} />
                </SimpleGrid>
                <Group justify="end" mt="xs">
                  <ActionIcon variant="subtle" color="red" aria-label={t("new.removePersona", { n: i + 1 })}
                    onClick={() => setForm({ ...value.form, personas: value.form.personas.filter((_, j) => j !== i) })}>✕</ActionIcon>
                </Group>
              </Fieldset>
            ))}
            <Button variant="light" onClick={() => setForm({ ...value.form, personas: [...value.form.personas, emptyPersona] })}>
              {t("new.addPersona")}
            </Button>
            {value.form.goals.map((g, i) => (
              <Fieldset key={`g${i}`} legend={t("new.seedGoal", { n: i + 1 })}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t("new.goalText")} value={g.goal} required error={at(errors, `seeds.goals[${i}].goal`)}
                    onChange={(e) => setGoal(i, { goal: e.currentTarget.value })} />
                  <TextInput label={t("new.dimension")} value={g.dimension}
                    onChange={(e) => setGoal(i, { dimension: e.currentTarget.value })} />
                  <TextInput label={t("new.opening")} value={g.opening} error={at(errors, `seeds.goals[${i}].script`)}
                    onChange={(e) => setGoal(i, { opening: e.currentTarget.value })} />
                  <Textarea label={t("new.followUps")} value={g.followUps} autosize minRows={1}
                    onChange={(e) => setGoal(i, { followUps: e.currentTarget.value })} />
                  <Textarea label={t("new.successSignals")} value={g.successSignals} autosize minRows={1}
                    onChange={(e) => setGoal(i, { successSignals: e.currentTarget.value })} />
                </SimpleGrid>
                <Group justify="end" mt="xs">
                  <ActionIcon variant="subtle" color="red" aria-label={t("new.removeGoal", { n: i + 1 })}
                    onClick={() => setForm({ ...value.form, goals: value.form.goals.filter((_, j) => j !== i) })}>✕</ActionIcon>
                </Group>
              </Fieldset>
            ))}
            <Button variant="light" onClick={() => setForm({ ...value.form, goals: [...value.form.goals, emptyGoal] })}>
              {t("new.addGoal")}
            </Button>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="json" pt="sm">
          <Textarea label={t("new.seedsJson")} value={value.jsonText} autosize minRows={8} styles={{ input: { fontFamily: "monospace" } }}
            error={value.jsonError ?? undefined}
            onChange={(e) => onChange({ ...value, jsonText: e.currentTarget.value, jsonError: null })} />
        </Tabs.Panel>
      </Tabs>
      {seedsError && <Text c="red" size="sm" mt="xs" role="alert">{seedsError}</Text>}
    </Fieldset>
  );
}
