/** One case: a header that folds it, copies it and deletes it; unfolded, its key, type, messages
 * (add, reorder, delete; each with its per-turn checks), expectation, rule logic, thresholds, tags,
 * rules. Memoised: typing in one case repaints that case only, however long the scenario. */
import { ActionIcon, Button, Card, Group, JsonInput, NumberInput, Select, Stack, TagsInput, Text, TextInput, Textarea } from "@mantine/core";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { move, noTurnChecks, ruleDraft, type CaseDraft, type CaseType, type RuleLogic, type RuleSchemas } from "./draft";
import { useProblemsUnder } from "./editorProblems";
import { RuleEditor } from "./RuleEditor";
import { CaseOriginLine } from "../../components/regression/CaseOriginLine";
import { emptySimulated } from "./simulatedDraft";
import { SimulatedUserEditor } from "./SimulatedUserEditor";
import { TurnChecksEditor } from "./TurnChecksEditor";

interface Props {
  index: number;
  draft: CaseDraft;
  schemas: RuleSchemas;
  /** Stable callbacks (by index), so an unchanged case is not rendered again. */
  onChange(index: number, draft: CaseDraft): void;
  onRemove(index: number): void;
  onDuplicate(index: number): void;
  /** Folded, only the case's header shows (a long scenario stays short to scroll). */
  collapsed: boolean;
  onToggle(index: number): void;
}

export const CaseEditor = memo(function CaseEditor({ index, draft, schemas, onChange, onRemove, onDuplicate, collapsed, onToggle }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<CaseDraft>) => onChange(index, { ...draft, ...patch });
  const problems = useProblemsUnder(""); // this case's own fields (the page's ProblemScope says which case)
  // A message's checks move and go with it.
  const turns = draft.messages.map((_, i) => draft.turns[i] ?? noTurnChecks());
  const moveMessage = (i: number, by: -1 | 1) => set({ messages: move(draft.messages, i, by), turns: move(turns, i, by) });
  const changeType = (type: CaseType) => {
    if (type === "SIMULATED") set({ type, simulated: draft.simulated ?? emptySimulated() });
    // A simulated case has no messages of its own: give the other types one to start from.
    else if (draft.messages.length === 0) set({ type, messages: [""], turns: [noTurnChecks()] });
    else set({ type });
  };
  const number = (key: "rulePassThreshold" | "successThreshold" | "partialThreshold") => (
    <NumberInput label={t(`editor.${key}`)} min={0} max={1} step={0.05} decimalScale={2} value={draft[key]}
      onChange={(v) => set({ [key]: Number(v) || 0 })} />
  );
  return (
    <Card withBorder role="group" aria-label={t("editor.caseLabel", { key: draft.key })}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button variant="subtle" size="compact-sm" aria-expanded={!collapsed} onClick={() => onToggle(index)}
            styles={{ root: { minWidth: 0 }, label: { overflow: "hidden", textOverflow: "ellipsis" } }}>
            {collapsed ? "▸" : "▾"} {t("editor.caseLabel", { key: draft.key })}
          </Button>
          <Group gap={4} wrap="nowrap">
            <Button variant="subtle" size="compact-xs" onClick={() => onDuplicate(index)}
              aria-label={t("editor.duplicateCaseNamed", { key: draft.key })}>{t("editor.duplicateCase")}</Button>
            <Button variant="subtle" size="compact-xs" color="red" onClick={() => onRemove(index)}
              aria-label={t("editor.removeCaseNamed", { key: draft.key })}>{t("editor.removeCase")}</Button>
          </Group>
        </Group>
        {collapsed && <Text size="xs" c="dimmed" lineClamp={1}>{draft.type === "SIMULATED" && draft.simulated
          ? t("scenarios.simulated", { simulator: draft.simulated.simulator, max: draft.simulated.maxTurns, goal: draft.simulated.goal })
          : [t("forms.caseMessages", { count: draft.messages.length }), t("forms.caseRules", { count: draft.rules.length }), draft.messages[0]]
            .filter(Boolean).join(" · ")}</Text>}
        {draft.origin && <CaseOriginLine origin={draft.origin} />}
        {!collapsed && (<>
        <Group align="end">
          <TextInput label={t("editor.caseKey")} value={draft.key} error={problems.key ?? problems.id} onChange={(e) => set({ key: e.currentTarget.value })} />
          <Select label={t("editor.caseType")} allowDeselect={false} value={draft.type}
            data={[{ value: "SINGLE_TURN", label: t("editor.singleTurn") }, { value: "MULTI_TURN", label: t("editor.multiTurn") },
              { value: "SIMULATED", label: t("editor.simulated") }]}
            onChange={(v) => v && changeType(v as CaseType)} />
        </Group>
        {draft.type === "SIMULATED" ? (
          <SimulatedUserEditor draft={draft.simulated ?? emptySimulated()} onChange={(simulated) => set({ simulated })} />
        ) : (<>
        <Text size="sm" fw={600}>{t("editor.messages")}</Text>
        {draft.messages.map((message, i) => (
          <Stack key={i} gap={4}>
          <Group align="end" wrap="nowrap">
            <Textarea style={{ flex: 1 }} autosize minRows={1} label={t("editor.message", { n: i + 1 })} value={message}
              onChange={(e) => set({ messages: draft.messages.map((m, n) => (n === i ? e.currentTarget.value : m)) })} />
            <ActionIcon variant="subtle" size="lg" aria-label={t("editor.up", { n: i + 1 })} disabled={i === 0}
              onClick={() => moveMessage(i, -1)}>↑</ActionIcon>
            <ActionIcon variant="subtle" size="lg" aria-label={t("editor.down", { n: i + 1 })} disabled={i === draft.messages.length - 1}
              onClick={() => moveMessage(i, 1)}>↓</ActionIcon>
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("editor.removeMessage", { n: i + 1 })}
              onClick={() => set({ messages: draft.messages.filter((_, n) => n !== i), turns: turns.filter((_, n) => n !== i) })}>×</ActionIcon>
          </Group>
          <TurnChecksEditor key={`${i}:${draft.messages.length}`} turn={turns[i]} n={i + 1} schemas={schemas}
            onChange={(turn) => set({ turns: turns.map((c, n) => (n === i ? turn : c)) })} />
          </Stack>
        ))}
        <Group><Button size="xs" variant="light" onClick={() => set({ messages: [...draft.messages, ""], turns: [...turns, noTurnChecks()] })}>{t("editor.addMessage")}</Button></Group>
        </>)}
        <JsonInput label={t("editor.toolResults")} description={t("editor.toolResultsHint")} autosize minRows={1}
          value={draft.toolResults} error={problems.tool_results} onChange={(v) => set({ toolResults: v })} />
        <JsonInput label={t("editor.expectation")} description={t("editor.expectationHint")} autosize minRows={2}
          value={draft.expectation} error={problems.expectation} onChange={(v) => set({ expectation: v })} />
        <Group grow align="end">
          <Select label={t("editor.ruleLogic")} allowDeselect={false} value={draft.ruleLogic} data={["ALL", "ANY", "WEIGHTED"]}
            onChange={(v) => v && set({ ruleLogic: v as RuleLogic })} />
          {number("rulePassThreshold")}
          {number("successThreshold")}
          {number("partialThreshold")}
        </Group>
        <TagsInput label={t("editor.tags")} value={draft.tags} onChange={(tags) => set({ tags })} />
        <Text size="sm" fw={600}>{t("editor.rules")}</Text>
        {draft.rules.map((rule, i) => (
          <RuleEditor key={i} rule={rule} schemas={schemas} label={t("editor.ruleLabel", { n: i + 1, type: rule.type })} path={`eval_rules[${i}]`}
            onChange={(next) => set({ rules: draft.rules.map((r, n) => (n === i ? next : r)) })}
            onRemove={() => set({ rules: draft.rules.filter((_, n) => n !== i) })} />
        ))}
        <Group>
          <Button size="xs" variant="light"
            onClick={() => set({ rules: [...draft.rules, ruleDraft([...schemas.keys()][0] ?? "keyword_match", schemas)] })}>
            {t("editor.addRule")}
          </Button>
        </Group>
        </>)}
      </Stack>
    </Card>
  );
});
