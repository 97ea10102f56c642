/** One scorecard item as a row: id, title, points, veto toggle, and its check's params from the rule's schema. */
import { ActionIcon, Card, Checkbox, Group, NumberInput, Select, Stack, Switch, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SchemaFields } from "../../components/schema-form/SchemaFields";
import { schemaFields } from "../../components/schema-form/schemaForm";
import { ruleDraft, type RuleSchemas } from "../../components/rules/ruleDraft";
import type { ItemDraft } from "./scorecardDraft";

interface Props {
  item: ItemDraft;
  n: number;
  schemas: RuleSchemas;
  errors: Record<string, string>;
  onChange(item: ItemDraft): void;
  onRemove(): void;
  onMove(by: -1 | 1): void;
}

export function ItemRow({ item, n, schemas, errors, onChange, onRemove, onMove }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<ItemDraft>) => onChange({ ...item, ...patch });
  const fields = schemaFields(schemas.get(item.rule.type) ?? null);
  return (
    <Card withBorder padding="sm" role="group" aria-label={t("scorecards.itemLabel", { n })}>
      <Group align="end" wrap="wrap">
        <TextInput label={t("scorecards.itemId")} required w={170} value={item.id} error={errors.id}
          onChange={(e) => set({ id: e.currentTarget.value })} />
        <TextInput label={t("scorecards.itemTitle")} style={{ flex: 1, minWidth: 180 }} value={item.title}
          onChange={(e) => set({ title: e.currentTarget.value })} />
        <NumberInput label={t("scorecards.points")} description={t("scorecards.pointsHint")} w={150} value={item.points}
          onChange={(v) => set({ points: Number(v) || 0 })} />
        <NumberInput label={t("scorecards.cap")} w={110} min={0} value={item.cap ?? ""}
          onChange={(v) => set({ cap: v === "" ? null : Number(v) })} />
      </Group>
      <Group mt="xs" align="center">
        <Switch label={t("scorecards.critical")} description={t("scorecards.criticalHint")} color="red"
          checked={item.critical} onChange={(e) => set({ critical: e.currentTarget.checked })} />
        <Select label={t("scorecards.hitWhen")} w={170} allowDeselect={false} value={item.hitWhen}
          data={[{ value: "fail", label: t("scorecards.hitWhenFail") }, { value: "pass", label: t("scorecards.hitWhenPass") }]}
          onChange={(v) => set({ hitWhen: v === "pass" ? "pass" : "fail" })} />
        <Checkbox label={t("scorecards.perOccurrence")} checked={item.perOccurrence}
          onChange={(e) => set({ perOccurrence: e.currentTarget.checked })} />
        <Group gap={4} ml="auto">
          <ActionIcon variant="subtle" aria-label={t("scorecards.moveUp")} onClick={() => onMove(-1)}>↑</ActionIcon>
          <ActionIcon variant="subtle" aria-label={t("scorecards.moveDown")} onClick={() => onMove(1)}>↓</ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t("scorecards.removeItem")} onClick={onRemove}>✕</ActionIcon>
        </Group>
      </Group>
      <Stack mt="sm" gap="xs">
        <Select label={t("scorecards.check")} allowDeselect={false} searchable value={item.rule.type}
          data={[...schemas.keys()]} onChange={(type) => type && set({ rule: ruleDraft(type, schemas) })} />
        <SchemaFields fields={fields} values={item.rule.values} errors={errors}
          onChange={(values) => set({ rule: { ...item.rule, values } })} />
      </Stack>
    </Card>
  );
}
