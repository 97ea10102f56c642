/** A list of rules edited as forms (type, weight, params from the type's schema): the monitor's rules or its red lines. */
import { ActionIcon, Button, Card, Group, NumberInput, Select, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SchemaFields } from "../../components/schema-form/SchemaFields";
import { schemaFields } from "../../components/schema-form/schemaForm";
import { ruleDraft, type RuleDraft, type RuleSchemas } from "../../components/rules/ruleDraft";

export interface RuleChoice { value: string; label: string }

interface Props {
  title: string;
  help: string;
  drafts: RuleDraft[];
  schemas: RuleSchemas;
  choices: RuleChoice[];
  /** API path of the list (`judge.rules`, `redLines`): problems are looked up under it. */
  path: string;
  problems: Record<string, string>;
  addLabel: string;
  itemLabel(n: number): string;
  showWeight: boolean;
  onChange(drafts: RuleDraft[]): void;
}

/** The problems of rule `index` as SchemaFields wants them: by parameter key. */
function paramProblems(problems: Record<string, string>, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(problems)) {
    if (path.startsWith(prefix)) result[path.slice(prefix.length).split(/[.[]/)[0]] = message;
  }
  return result;
}

export function RuleRows({ title, help, drafts, schemas, choices, path, problems, addLabel, itemLabel, showWeight, onChange }: Props) {
  const { t } = useTranslation();
  const set = (index: number, draft: RuleDraft) => onChange(drafts.map((d, i) => (i === index ? draft : d)));
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h4">{title}</Title>
      <Text size="sm" c="dimmed">{help}</Text>
      {drafts.map((draft, index) => {
        const n = index + 1;
        const typeProblem = problems[`${path}[${index}].type`] ?? problems[`${path}[${index}]`];
        return (
          <Card key={index} withBorder padding="sm" role="group" aria-label={itemLabel(n)}>
            <Group align="end" wrap="wrap" gap="sm">
              <Select label={`${itemLabel(n)}: ${t("monitoring.ruleType")}`} searchable allowDeselect={false} style={{ flex: 1, minWidth: 200 }}
                data={choices} value={draft.type || null} error={typeProblem}
                onChange={(type) => type && set(index, ruleDraft(type, schemas))} />
              {showWeight && (
                <NumberInput label={t("monitoring.weight")} w={100} min={0} step={0.5} value={draft.weight}
                  onChange={(v) => set(index, { ...draft, weight: Number(v) || 0 })} />
              )}
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`${t("monitoring.removeRule")} ${itemLabel(n)}`}
                onClick={() => onChange(drafts.filter((_, i) => i !== index))}>✕</ActionIcon>
            </Group>
            <Stack mt="xs" gap="xs">
              <SchemaFields fields={schemaFields(schemas.get(draft.type) ?? null)} values={draft.values}
                errors={paramProblems(problems, `${path}[${index}].params.`)}
                onChange={(values) => set(index, { ...draft, values })} />
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...drafts, ruleDraft(choices[0]?.value ?? "", schemas)])}
          disabled={choices.length === 0}>{addLabel}</Button>
      </Group>
    </Stack>
  );
}
