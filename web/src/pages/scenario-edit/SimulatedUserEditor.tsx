/** A simulated case's user as form fields: what it wants and how it starts, who plays it (the
 * SIMULATOR model or a script of follow-ups), when the dialog ends, and its persona. */
import { Checkbox, Fieldset, NumberInput, Select, SimpleGrid, Stack, TagsInput, TextInput, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useProblemsUnder } from "./editorProblems";
import { MAX_TURNS_LIMIT, PATIENCE_LEVELS, type Patience, type PersonaDraft, type SimulatedDraft, type Simulator } from "./simulatedDraft";

interface Props {
  draft: SimulatedDraft;
  onChange(draft: SimulatedDraft): void;
}

export function SimulatedUserEditor({ draft, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<SimulatedDraft>) => onChange({ ...draft, ...patch });
  const setPersona = (patch: Partial<PersonaDraft>) => set({ persona: { ...draft.persona, ...patch } });
  // The case's scope: the server's `cases[0].goal`, `cases[0].persona.patience` … land here.
  const problems = useProblemsUnder("");
  const personaProblems = useProblemsUnder("persona");
  const stopProblems = useProblemsUnder("stopWhen");
  const pickSimulator = (simulator: Simulator) =>
    // A model user ends when it says it is done unless told otherwise (the server's default too).
    set({ simulator, stopOnDone: simulator === "model" ? draft.stopOnDone || draft.stopPhrases.length === 0 : false });
  return (
    <Fieldset legend={t("editor.simulated")} aria-label={t("editor.simulated")}>
      <Stack gap="sm">
        <Textarea label={t("sim.goal")} description={t("sim.goalHelp")} placeholder={t("sim.goalExample")} withAsterisk
          autosize minRows={1} value={draft.goal} error={problems.goal} onChange={(e) => set({ goal: e.currentTarget.value })} />
        <Textarea label={t("sim.opening")} description={t("sim.openingHelp")} autosize minRows={1}
          value={draft.opening} error={problems.opening} onChange={(e) => set({ opening: e.currentTarget.value })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t("sim.simulator")} description={t("sim.simulatorHelp")} allowDeselect={false} value={draft.simulator}
            data={[{ value: "script", label: t("sim.script") }, { value: "model", label: t("sim.model") }]}
            error={problems.simulator} onChange={(v) => v && pickSimulator(v as Simulator)} />
          <NumberInput label={t("sim.maxTurns")} description={t("sim.maxTurnsHelp", { max: MAX_TURNS_LIMIT })}
            min={1} max={MAX_TURNS_LIMIT} allowDecimal={false} value={draft.maxTurns} error={problems.maxTurns}
            onChange={(v) => set({ maxTurns: v })} />
        </SimpleGrid>
        <Textarea label={t("sim.followUps")} autosize minRows={2}
          description={t(draft.simulator === "model" ? "sim.followUpsModelHelp" : "sim.followUpsScriptHelp")}
          value={draft.followUps} error={problems.followUps} onChange={(e) => set({ followUps: e.currentTarget.value })} />
        <Checkbox label={t("sim.stopOnDone")} description={t(draft.simulator === "model" ? "sim.stopOnDoneHelp" : "sim.stopOnDoneScript")}
          disabled={draft.simulator !== "model"} checked={draft.simulator === "model" && draft.stopOnDone}
          error={stopProblems.simulator} onChange={(e) => set({ stopOnDone: e.currentTarget.checked })} />
        <TagsInput label={t("sim.stopPhrases")} description={t("sim.stopPhrasesHelp")} value={draft.stopPhrases}
          error={stopProblems.phrase} onChange={(stopPhrases) => set({ stopPhrases })} />
        <Fieldset legend={t("sim.persona")} variant="filled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("sim.personaName")} placeholder={t("sim.personaNameExample")} value={draft.persona.name}
              error={personaProblems.name} onChange={(e) => setPersona({ name: e.currentTarget.value })} />
            <Select label={t("sim.patience")} clearable placeholder={t("sim.patienceUnset")} value={draft.persona.patience || null}
              data={PATIENCE_LEVELS.map((level) => ({ value: level, label: t(`sim.patience_${level}`) }))}
              error={personaProblems.patience} onChange={(v) => setPersona({ patience: (v ?? "") as Patience })} />
          </SimpleGrid>
          <Textarea mt="sm" label={t("sim.background")} placeholder={t("sim.backgroundExample")} autosize minRows={1}
            value={draft.persona.background} error={personaProblems.background}
            onChange={(e) => setPersona({ background: e.currentTarget.value })} />
          <Textarea mt="sm" label={t("sim.personality")} placeholder={t("sim.personalityExample")} autosize minRows={1}
            value={draft.persona.personality} error={personaProblems.personality}
            onChange={(e) => setPersona({ personality: e.currentTarget.value })} />
        </Fieldset>
      </Stack>
    </Fieldset>
  );
}
