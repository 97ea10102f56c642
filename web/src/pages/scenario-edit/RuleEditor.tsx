/**
 * One rule: its type, weight and params. The params form is generated from the type's
 * `paramsSchema`; task_completion gets a slot/step editor and intent_classification a
 * taxonomy editor on top, for the fields that would otherwise be JSON text.
 */
import { ActionIcon, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SchemaFields } from "../../components/schema-form/SchemaFields";
import { schemaFields, type FormValues } from "../../components/schema-form/schemaForm";
import { useProblemsUnder } from "./editorProblems";
import { RuleModelNote, useRuleTypeModelText } from "./RuleModelNote";
import { itemsFrom, itemsText, ruleDraft, taxonomyFrom, taxonomyText, type NamedItem, type RuleDraft, type RuleSchemas } from "./draft";

interface Props {
  rule: RuleDraft;
  label: string;
  schemas: RuleSchemas;
  onChange(rule: RuleDraft): void;
  onRemove(): void;
  /** Where the rule sits in its case (`eval_rules[1]`), to show its problems at its fields. */
  path?: string;
}

/** Fields shown by the dedicated editors instead of the generic form. */
const SPECIAL: Record<string, string[]> = {
  task_completion: ["required_slots", "required_steps"],
  intent_classification: ["intent_taxonomy"],
};

export function RuleEditor({ rule, label, schemas, onChange, onRemove, path }: Props) {
  const { t } = useTranslation();
  const modelText = useRuleTypeModelText();
  const problems = useProblemsUnder(path ? `${path}.params` : "");
  const errors = path ? problems : {};
  const hidden = SPECIAL[rule.type] ?? [];
  const fields = schemaFields(schemas.get(rule.type) ?? null).filter((f) => !hidden.includes(f.key));
  const setValues = (values: FormValues) => onChange({ ...rule, values });
  const setField = (key: string, value: string) => onChange({ ...rule, values: { ...rule.values, [key]: value } });
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Group align="end">
        <Select label={t("editor.ruleType")} allowDeselect={false} value={rule.type} data={[...schemas.keys()]} w={240}
          comboboxProps={{ width: 340, position: "bottom-start" }}
          renderOption={({ option }) => {
            const needs = modelText(option.value);
            return <span>{option.label}{needs && <Text span size="xs" c="orange.9" fw={600}> · {needs}</Text>}</span>;
          }}
          onChange={(type) => type && onChange(ruleDraft(type, schemas, null, rule.weight))} />
        <NumberInput label={t("editor.weight")} min={0} step={0.5} w={110} value={rule.weight}
          onChange={(v) => onChange({ ...rule, weight: Number(v) || 0 })} />
        <Button variant="subtle" color="red" onClick={onRemove}>{t("editor.removeRule")}</Button>
      </Group>
      <RuleModelNote type={rule.type} />
      {rule.type === "task_completion" && (
        <>
          <ItemList title={t("editor.slots")} addLabel={t("editor.addSlot")} items={itemsFrom(rule.values.required_slots)}
            onChange={(items) => setField("required_slots", itemsText(items))} ordered={false} error={errors.required_slots} />
          <ItemList title={t("editor.steps")} addLabel={t("editor.addStep")} items={itemsFrom(rule.values.required_steps)}
            onChange={(items) => setField("required_steps", itemsText(items))} ordered error={errors.required_steps} />
        </>
      )}
      {rule.type === "intent_classification" && (
        <ItemList title={t("editor.taxonomy")} addLabel={t("editor.addIntent")} items={taxonomyFrom(rule.values.intent_taxonomy)}
          onChange={(rows) => setField("intent_taxonomy", taxonomyText(rows))} ordered={false} error={errors.intent_taxonomy} />
      )}
      <Stack mt="sm"><SchemaFields fields={fields} values={rule.values} onChange={setValues} errors={errors} /></Stack>
    </Card>
  );
}

interface ItemListProps {
  title: string;
  addLabel: string;
  items: NamedItem[];
  ordered: boolean;
  onChange(items: NamedItem[]): void;
  error?: string;
}

/** Rows of name + description: slots, ordered steps, or intents. */
function ItemList({ title, addLabel, items, ordered, onChange, error }: ItemListProps) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<NamedItem>) => onChange(items.map((item, n) => (n === i ? { ...item, ...patch } : item)));
  return (
    <Stack gap={6} mt="sm">
      <Text size="sm" fw={600}>{title}</Text>
      {items.map((item, i) => (
        <Group key={i} align="end" wrap="nowrap">
          {ordered && <Text size="sm" w={20}>{i + 1}.</Text>}
          <TextInput label={t("editor.itemName", { title, n: i + 1 })} value={item.name} onChange={(e) => set(i, { name: e.currentTarget.value })} />
          <TextInput style={{ flex: 1 }} label={t("editor.itemDescription", { title, n: i + 1 })} value={item.description}
            onChange={(e) => set(i, { description: e.currentTarget.value })} />
          <ActionIcon variant="subtle" color="red" aria-label={t("editor.removeItem", { title, n: i + 1 })} size="lg"
            onClick={() => onChange(items.filter((_, n) => n !== i))}>×</ActionIcon>
        </Group>
      ))}
      {error && <Text size="sm" c="red.8" role="alert">{error}</Text>}
      <Group><Button size="xs" variant="light" onClick={() => onChange([...items, { name: "", description: "" }])}>{addLabel}</Button></Group>
    </Stack>
  );
}
