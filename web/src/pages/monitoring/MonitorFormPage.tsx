/** Create or edit a monitor: selection, rules judged at close, red lines at once, sampling and budget. */
import { ActionIcon, Alert, Button, Card, Group, List, NumberInput, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { focusFirstError } from "../../components/forms/focusFirstError";
import { humanPath } from "../../components/forms/fieldPaths";
import type { RuleSchemas } from "../../components/rules/ruleDraft";
import { apiErrorFromCombined, fieldErrors } from "../../graphql/errors";
import type { JsonValue, ResultOf } from "../../graphql/graphql";
import { draftOf, variablesOf, type MonitorDraft, type RuleLogic } from "./monitorDraft";
import { CreateMonitorMutation, MonitorFormQuery, UpdateMonitorMutation } from "./queries";
import { RuleRows, type RuleChoice } from "./RuleRows";

type Data = ResultOf<typeof MonitorFormQuery>;

export function MonitorFormPage() {
  const { monitorId } = useParams();
  const { t } = useTranslation();
  const [result] = useQuery({ query: MonitorFormQuery, requestPolicy: "network-only" });
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  const monitor = monitorId ? result.data.monitors.find((m) => m.id === monitorId) ?? null : null;
  if (monitorId && !monitor) return <Text>{t("monitoring.monitorNotFound")}</Text>;
  return <MonitorForm key={monitorId ?? "new"} data={result.data} monitor={monitor} />;
}

function MonitorForm({ data, monitor }: { data: Data; monitor: Data["monitors"][number] | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schemas: RuleSchemas = useMemo(() => new Map(data.ruleTypes.map((r) => [r.name, r.paramsSchema as JsonValue])), [data]);
  const [draft, setDraft] = useState<MonitorDraft>(() => draftOf(monitor, schemas));
  const [tried, setTried] = useState(false);
  const [created, create] = useMutation(CreateMonitorMutation);
  const [updated, update] = useMutation(UpdateMonitorMutation);
  const outcome = monitor ? updated : created;
  const apiError = outcome.error ? apiErrorFromCombined(outcome.error) : null;
  const set = (patch: Partial<MonitorDraft>) => setDraft((now) => ({ ...now, ...patch }));
  const local = tried ? variablesOf(draft, schemas).problems : {};
  const server = Object.fromEntries((apiError ? fieldErrors(apiError, t) : []).map((e) => [e.path, e.message]));
  const problems = { ...server, ...local };
  const problemText = (code: string | undefined) => (code ? t(`schemaErrors.${code}`, { defaultValue: code }) : undefined);
  const modelFree = (r: Data["ruleTypes"][number]) => r.modelRole === null;
  const choice = (r: Data["ruleTypes"][number]): RuleChoice => ({
    value: r.name, label: r.modelRole ? `${r.name} (${t("monitoring.needsModel")})` : r.name,
  });
  const labels = { name: t("monitoring.name"), judge: t("monitoring.rulesTitle"), rules: t("monitoring.rule"),
    redLines: t("monitoring.redLinesTitle"), metadataMatch: t("monitoring.match"), sampleRate: t("monitoring.sampleRate"),
    sourceId: t("monitoring.source"), dailyModelBudget: t("monitoring.budget"), type: t("monitoring.ruleType") };

  const save = async () => {
    setTried(true);
    const { variables, problems: found } = variablesOf(draft, schemas);
    if (Object.keys(found).length > 0) { focusFirstError(); return; }
    const answer = monitor ? await update({ id: monitor.id, ...variables }) : await create(variables);
    if (answer.error) { focusFirstError(); return; }
    const id = monitor ? monitor.id : answer.data && "createMonitor" in answer.data ? answer.data.createMonitor.id : null;
    if (id) void navigate(`/monitoring/monitors/${id}`);
  };

  return (
    <Stack maw={820}>
      <Title order={2}>{monitor ? t("monitoring.formEdit", { name: monitor.name }) : t("monitoring.formNew")}</Title>
      <Text size="sm" c="dimmed">{t("monitoring.formIntro")}</Text>
      <Card withBorder>
        <Stack gap="sm">
          <TextInput label={t("monitoring.name")} withAsterisk value={draft.name} error={problemText(problems.name)}
            onChange={(e) => set({ name: e.currentTarget.value })} />
          <Select label={t("monitoring.source")} description={t("monitoring.sourceHelp")} clearable placeholder={t("monitoring.anySource")}
            data={data.monitoredSources.map((s) => ({ value: s.id, label: s.name }))} value={draft.sourceId}
            error={problems.sourceId} onChange={(sourceId) => set({ sourceId })} />
          <Stack gap={4} role="group" aria-label={t("monitoring.match")}>
            <Text size="sm" fw={500}>{t("monitoring.match")}</Text>
            <Text size="xs" c="dimmed">{t("monitoring.matchHelp")}</Text>
            {draft.match.map((row, index) => (
              <Group key={index} gap="xs" align="end" wrap="wrap">
                <TextInput label={`${t("monitoring.matchKey")} ${index + 1}`} w={180} value={row.key}
                  error={problemText(problems[`metadataMatch[${index}]`])}
                  onChange={(e) => { const key = e.currentTarget.value; set({ match: draft.match.map((r, i) => (i === index ? { ...r, key } : r)) }); }} />
                <TextInput label={`${t("monitoring.matchValue")} ${index + 1}`} style={{ flex: 1, minWidth: 160 }} value={row.value}
                  onChange={(e) => { const value = e.currentTarget.value; set({ match: draft.match.map((r, i) => (i === index ? { ...r, value } : r)) }); }} />
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("monitoring.removeMatch", { n: index + 1 })}
                  onClick={() => set({ match: draft.match.filter((_, i) => i !== index) })}>✕</ActionIcon>
              </Group>
            ))}
            <Group><Button variant="light" size="xs" onClick={() => set({ match: [...draft.match, { key: "", value: "" }] })}>{t("monitoring.addMatch")}</Button></Group>
            {problems.metadataMatch && <Text size="sm" c="red">{problems.metadataMatch}</Text>}
          </Stack>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <RuleRows title={t("monitoring.rulesTitle")} help={t("monitoring.rulesHelp")} drafts={draft.rules} schemas={schemas}
            choices={data.ruleTypes.map(choice)} path="judge.rules" problems={problems} showWeight={draft.logic === "WEIGHTED"}
            addLabel={t("monitoring.addRule")} itemLabel={(n) => t("monitoring.ruleLabel", { n })} onChange={(rules) => set({ rules })} />
          <Select label={t("monitoring.logic")} allowDeselect={false} w={240} maw="100%" value={draft.logic}
            data={[{ value: "ALL", label: t("monitoring.logicAll") }, { value: "ANY", label: t("monitoring.logicAny") },
              { value: "WEIGHTED", label: t("monitoring.logicWeighted") }]}
            onChange={(v) => set({ logic: (v ?? "ALL") as RuleLogic })} />
        </Stack>
      </Card>
      <Card withBorder>
        <RuleRows title={t("monitoring.redLinesTitle")} help={t("monitoring.redLinesHelp")} drafts={draft.redLines} schemas={schemas}
          choices={data.ruleTypes.filter(modelFree).map(choice)} path="redLines" problems={problems} showWeight={false}
          addLabel={t("monitoring.addRedLine")} itemLabel={(n) => t("monitoring.redLineLabel", { n })} onChange={(redLines) => set({ redLines })} />
      </Card>
      <Card withBorder>
        <Group align="start" wrap="wrap" gap="md">
          <NumberInput label={t("monitoring.sampleRate")} description={t("monitoring.sampleHelp")} min={0} max={100} w={260} maw="100%"
            value={draft.samplePercent} error={problems.sampleRate} onChange={(v) => set({ samplePercent: Number(v) || 0 })} />
          <TextInput label={t("monitoring.stratifyBy")} description={t("monitoring.stratifyHelp")} w={220} maw="100%" value={draft.stratifyBy}
            onChange={(e) => set({ stratifyBy: e.currentTarget.value })} />
          <NumberInput label={t("monitoring.budget")} description={t("monitoring.budgetHelp")} min={0} allowDecimal={false} w={220} maw="100%"
            value={draft.budget ?? ""} error={problems.dailyModelBudget}
            onChange={(v) => set({ budget: v === "" ? null : Number(v) })} />
        </Group>
        {monitor && (
          <Switch mt="md" label={t("monitoring.active")} description={t("monitoring.activeHelp")} checked={draft.active}
            onChange={(e) => set({ active: e.currentTarget.checked })} />
        )}
      </Card>
      {tried && Object.keys(problems).length > 0 && (
        <Alert color="red" variant="light" role="alert" title={t("monitoring.problems")}>
          <List size="sm" data-first-error tabIndex={-1}>
            {Object.entries(problems).map(([path, message]) => (
              <List.Item key={path}>{humanPath(path, labels)}: {problemText(message)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {apiError && <ErrorNotice error={apiError} />}
      <Group>
        <Button onClick={() => void save()} loading={outcome.fetching}>{t("monitoring.save")}</Button>
        <Button variant="default" component={Link} to={monitor ? `/monitoring/monitors/${monitor.id}` : "/monitoring"}>{t("monitoring.cancel")}</Button>
      </Group>
    </Stack>
  );
}
