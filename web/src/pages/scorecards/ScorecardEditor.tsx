/** The scorecard form: name, version, grade bands, items as rows; save a version; dry run. */
import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { apiErrorFromCombined, fieldErrors } from "../../graphql/errors";
import { move, type RuleSchemas } from "../../components/rules/ruleDraft";
import { DryRunPanel } from "./DryRunPanel";
import { ItemRow } from "./ItemRow";
import { SaveScorecardMutation } from "./queries";
import { documentFrom, newItem, type ScorecardDraft } from "./scorecardDraft";

export function ScorecardEditor({ initial, schemas, onSaved }: { initial: ScorecardDraft; schemas: RuleSchemas; onSaved(ref: string): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [saved, save] = useMutation(SaveScorecardMutation);
  const built = documentFrom(draft, schemas);
  const apiError = saved.error ? apiErrorFromCombined(saved.error) : null;
  const problems = [...built.problems, ...(apiError ? fieldErrors(apiError, t) : [])];
  const errorsOf = (index: number) => {
    const prefix = `scorecard.items[${index}]`;
    const found: Record<string, string> = {};
    for (const p of problems) {
      if (p.path === `${prefix}.id`) found.id = p.message;
      else if (p.path.startsWith(`${prefix}.check.params.`)) found[p.path.slice(`${prefix}.check.params.`.length).split(/[.[]/)[0]] = p.message;
    }
    return found;
  };
  const set = (patch: Partial<ScorecardDraft>) => setDraft({ ...draft, ...patch });
  const submit = async () => {
    if (built.problems.length) return;
    const result = await save({ document: JSON.stringify(built.document) });
    if (result.data) onSaved(result.data.saveScorecard.ref);
  };
  return (
    <Stack gap="md">
      <Group align="end" grow>
        <TextInput label={t("scorecards.name")} required value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} />
        <NumberInput label={t("scorecards.version")} min={1} value={draft.version} onChange={(v) => set({ version: Number(v) || 1 })} />
        <NumberInput label={t("scorecards.base")} value={draft.base} onChange={(v) => set({ base: Number(v) || 0 })} />
      </Group>
      <TextInput label={t("scorecards.description")} value={draft.description} onChange={(e) => set({ description: e.currentTarget.value })} />
      <Title order={3}>{t("scorecards.bands")}</Title>
      {draft.bands.map((band, i) => (
        <Group key={i} align="end">
          <TextInput label={t("scorecards.bandName")} w={160} value={band.name}
            onChange={(e) => set({ bands: draft.bands.map((b, n) => (n === i ? { ...b, name: e.currentTarget.value } : b)) })} />
          <NumberInput label={t("scorecards.bandMin")} w={120} value={band.min}
            onChange={(v) => set({ bands: draft.bands.map((b, n) => (n === i ? { ...b, min: Number(v) || 0 } : b)) })} />
          <Button variant="subtle" color="red" onClick={() => set({ bands: draft.bands.filter((_, n) => n !== i) })}>{t("scorecards.removeBand")}</Button>
        </Group>
      ))}
      <Group align="end">
        <Button variant="light" onClick={() => set({ bands: [...draft.bands, { name: "", min: 0 }] })}>{t("scorecards.addBand")}</Button>
        <Select label={t("scorecards.passBand")} w={180} allowDeselect={false} value={draft.passBand}
          data={draft.bands.map((b) => b.name).filter(Boolean)} onChange={(v) => v && set({ passBand: v })} />
      </Group>
      <Title order={3}>{t("scorecards.itemsTitle")}</Title>
      {draft.items.map((item, i) => (
        <ItemRow key={i} item={item} n={i + 1} schemas={schemas} errors={errorsOf(i)}
          onChange={(next) => set({ items: draft.items.map((it, n) => (n === i ? next : it)) })}
          onRemove={() => set({ items: draft.items.filter((_, n) => n !== i) })}
          onMove={(by) => set({ items: move(draft.items, i, by) })} />
      ))}
      <Group><Button variant="light" onClick={() => set({ items: [...draft.items, newItem(draft.items.length + 1, schemas)] })}>{t("scorecards.addItem")}</Button></Group>
      {built.problems.length > 0 && (
        <Alert color="yellow" title={t("scorecards.problems")}>
          {built.problems.map((p) => <Text key={p.path} size="sm" ff="monospace">{p.path}: {t(`schemaForm.${p.message}`, { defaultValue: p.message })}</Text>)}
        </Alert>
      )}
      {apiError && <ErrorNotice error={apiError} />}
      {saved.data && <Alert color="green">{t("scorecards.saved", { ref: saved.data.saveScorecard.ref })}</Alert>}
      <Group><Button loading={saved.fetching} disabled={built.problems.length > 0} onClick={() => void submit()}>{t("scorecards.save")}</Button></Group>
      <DryRunPanel document={() => (built.problems.length ? null : JSON.stringify(built.document))} />
    </Stack>
  );
}
