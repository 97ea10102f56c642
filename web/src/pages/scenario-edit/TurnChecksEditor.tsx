/**
 * The checks on one message's reply (issue 25): `expect` (hard, like the case's expectation)
 * and rules judged on that turn. Collapsed to a button until the message has checks.
 */
import { Button, Card, Group, JsonInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { hasTurnChecks, ruleDraft, type RuleSchemas, type TurnDraft } from "./draft";
import { useProblemsUnder } from "./editorProblems";
import { RuleEditor } from "./RuleEditor";

interface Props {
  turn: TurnDraft;
  n: number; // the message, counted from 1
  schemas: RuleSchemas;
  onChange(turn: TurnDraft): void;
}

export function TurnChecksEditor({ turn, n, schemas, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(hasTurnChecks(turn));
  const message = `messages[${n - 1}]`; // the API's path of this message's checks (0-based)
  const expectProblem = useProblemsUnder(message).expect;
  if (!open) {
    return (
      <Group><Button size="xs" variant="subtle" onClick={() => setOpen(true)}>{t("editor.addTurnChecks", { n })}</Button></Group>
    );
  }
  return (
    <Card withBorder padding="xs" role="group" aria-label={t("editor.turnChecks", { n })}>
      <Stack gap="xs">
        <Text size="xs" c="dimmed">{t("editor.turnChecksHint", { n })}</Text>
        <JsonInput label={t("editor.turnExpect", { n })} description={t("editor.turnExpectHint")} autosize minRows={1}
          value={turn.expect} error={expectProblem} onChange={(expect) => onChange({ ...turn, expect })} />
        {turn.rules.map((rule, i) => (
          <RuleEditor key={i} rule={rule} schemas={schemas} label={t("editor.turnRuleLabel", { n, i: i + 1, type: rule.type })}
            path={`${message}.eval_rules[${i}]`}
            onChange={(next) => onChange({ ...turn, rules: turn.rules.map((r, k) => (k === i ? next : r)) })}
            onRemove={() => onChange({ ...turn, rules: turn.rules.filter((_, k) => k !== i) })} />
        ))}
        <Group>
          <Button size="xs" variant="light"
            onClick={() => onChange({ ...turn, rules: [...turn.rules, ruleDraft([...schemas.keys()][0] ?? "keyword_match", schemas)] })}>
            {t("editor.addTurnRule", { n })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
