/** Edit a scenario and save it with `updateScenario`; leaving with unsaved changes asks first. */
import { Alert, Button, Card, Group, List, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useBlocker, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { humanPath } from "../../components/forms/fieldPaths";
import { Loading } from "../../components/Loading";
import { apiErrorFromCombined, fieldErrors } from "../../graphql/errors";
import { graphql, type JsonValue, type ResultOf } from "../../graphql/graphql";
import { caseDraft, casesInput, emptyCase, type CaseDraft, type RuleSchemas } from "./draft";
import { CaseEditor } from "./CaseEditor";
import { CreateScenarioMutation, NEW_SCENARIO_ID, newScenarioFrom, RuleTypesQuery, useRegressionDraft } from "./regressionDraft";
import type { RegressionDraft } from "../../components/regression/AddToRegression";
import { casesWithProblems, draftProblems, ProblemScope } from "./editorProblems";

const EditQuery = graphql(`
  query ScenarioEdit($id: ID!) {
    ruleTypes { name description paramsSchema }
    scenario(id: $id) {
      id name description
      cases {
        key type messages expectation ruleLogic rulePassThreshold successThreshold partialThreshold tags
        evalRules { type params weight scope }
        turnChecks { turnIndex expect evalRules { type params weight scope } }
        toolResults
        simulated { persona goal opening maxTurns stopWhen followUps simulator }
        origin { evalId sessionId findingId findingIndex evalName }
      }
    }
  }
`);

const UpdateMutation = graphql(`
  mutation ScenarioUpdate($id: ID!, $input: UpdateScenarioInput!) { updateScenario(id: $id, input: $input) { id caseCount } }
`);

export function ScenarioEditPage() {
  const { scenarioId = "" } = useParams();
  const { t } = useTranslation();
  const regression = useRegressionDraft();
  const isNew = scenarioId === NEW_SCENARIO_ID;
  const [result] = useQuery({ query: EditQuery, variables: { id: scenarioId }, requestPolicy: "network-only", pause: isNew });
  if (isNew) return regression ? <NewFromDraft regression={regression} /> : <Text>{t("scenarios.notFound")}</Text>;
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  if (!result.data.scenario) return <Text>{t("scenarios.notFound")}</Text>;
  return <Editor data={result.data} scenario={result.data.scenario} regression={regression} />;
}

function NewFromDraft({ regression }: { regression: RegressionDraft }) {
  const [result] = useQuery({ query: RuleTypesQuery });
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  return <Editor data={{ ruleTypes: result.data.ruleTypes, scenario: null }} scenario={newScenarioFrom(regression)} regression={regression} />;
}

type Data = ResultOf<typeof EditQuery>;

function Editor({ data, scenario, regression }: { data: Data; scenario: NonNullable<Data["scenario"]>; regression: RegressionDraft | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const schemas: RuleSchemas = useMemo(() => new Map(data.ruleTypes.map((r) => [r.name, r.paramsSchema as JsonValue])), [data]);
  const [name, setName] = useState(scenario.name);
  const [description, setDescription] = useState(scenario.description ?? "");
  const [cases, setCases] = useState<CaseDraft[]>(() => [...scenario.cases, ...(regression ? [regression.case] : [])].map((c) => caseDraft(c, schemas)));
  const [dirty, setDirty] = useState(regression !== null);
  const [created, runCreate] = useMutation(CreateScenarioMutation);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (i: number) => setFolded((now) => { const next = new Set(now); if (next.has(i)) next.delete(i); else next.add(i); return next; });
  const pathLabels = {
    cases: t("forms.paths.case"), eval_rules: t("forms.paths.rule"), messages: t("forms.paths.message"),
    required_slots: t("editor.slots"), required_steps: t("forms.paths.step"), expectation: t("editor.expectation"),
    intent_taxonomy: t("forms.paths.taxonomy"), name: t("scenarios.name"), key: t("editor.caseKey"),
    // a simulated case's user (the API's CaseInput names)
    goal: t("sim.goal"), opening: t("sim.opening"), maxTurns: t("sim.maxTurns"), simulator: t("sim.simulator"),
    followUps: t("sim.followUps"), stopWhen: t("sim.stopWhen"), phrase: t("sim.stopPhrases"),
    persona: t("sim.persona"), background: t("sim.background"), personality: t("sim.personality"), patience: t("sim.patience"),
  };
  const [saved, setSaved] = useState(false);
  // After the first Save, the drafts are checked as they change: a fixed field's message goes at once.
  const [tried, setTried] = useState(false);
  const localProblems = useMemo(() => (tried ? draftProblems(cases, schemas, i18n.language) : []), [tried, cases, schemas, i18n.language]);
  const [update, runUpdate] = useMutation(UpdateMutation);
  const saveError = update.error ?? created.error;
  const apiError = saveError ? apiErrorFromCombined(saveError) : null;
  const problems = [...localProblems, ...(apiError ? fieldErrors(apiError) : [])];

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  // After useBlocker, so the blocker already knows the save cleared `dirty`.
  useEffect(() => { if (createdId && !dirty) navigate(`/scenarios/${createdId}/edit`, { replace: true }); }, [createdId, dirty, navigate]);
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const change = <T,>(set: (value: T) => void) => (value: T) => { set(value); setDirty(true); setSaved(false); };
  const setCase = (i: number, draft: CaseDraft) => change(setCases)(cases.map((c, n) => (n === i ? draft : c)));

  const save = async () => {
    setTried(true);
    const found = draftProblems(cases, schemas, i18n.language);
    const unfold = casesWithProblems(found);
    setFolded((now) => new Set([...now].filter((i) => !unfold.includes(i))));
    if (found.length > 0) return;
    const { cases: input } = casesInput(cases, schemas);
    if (!scenario.id) { // a new scenario for a regression draft
      const made = await runCreate({ input: { name, description: description || null, cases: input } });
      if (!made.error && made.data) { setDirty(false); setCreatedId(made.data.createScenario.id); }
      return;
    }
    const answer = await runUpdate({ id: scenario.id, input: { name, description: description || null, cases: input } });
    if (!answer.error) { setDirty(false); setSaved(true); if (regression) void navigate(".", { replace: true, state: null }); }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t("editor.title", { name: scenario.name })}</Title>
        <Button component={Link} to={`/scenarios/${scenario.id}`} variant="default">{t("editor.backToScenario")}</Button>
      </Group>
      {regression && regression.notes.length > 0 && (
        <Alert color="blue" title={t("regression.notes")}><List size="sm">{regression.notes.map((n) => <List.Item key={n}>{n}</List.Item>)}</List></Alert>
      )}
      {blocker.state === "blocked" && (
        <Alert color="yellow" title={t("editor.unsaved")} role="alertdialog">
          <Group mt="xs">
            <Button color="red" onClick={() => blocker.proceed()}>{t("editor.leave")}</Button>
            <Button variant="default" onClick={() => blocker.reset()}>{t("editor.stay")}</Button>
          </Group>
        </Alert>
      )}
      <TextInput label={t("scenarios.name")} value={name} onChange={(e) => change(setName)(e.currentTarget.value)} />
      <Textarea label={t("targets.description")} autosize value={description} onChange={(e) => change(setDescription)(e.currentTarget.value)} />
      {cases.length > 1 && (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setFolded(new Set(cases.map((_, i) => i)))}>{t("forms.collapseAll")}</Button>
          <Button size="xs" variant="default" onClick={() => setFolded(new Set())}>{t("forms.expandAll")}</Button>
        </Group>
      )}
      <ProblemScope problems={problems}>
      {cases.map((draft, i) => (
        <ProblemScope key={i} path={`cases[${i}]`}>
        <CaseEditor key={i} draft={draft} schemas={schemas} onChange={(next) => setCase(i, next)}
          collapsed={folded.has(i)} onToggle={() => toggle(i)}
          onRemove={() => change(setCases)(cases.filter((_, n) => n !== i))} />
        </ProblemScope>
      ))}
      </ProblemScope>
      <Group><Button variant="light" onClick={() => change(setCases)([...cases, emptyCase(cases.length + 1)])}>{t("editor.addCase")}</Button></Group>
      {apiError && <ErrorNotice error={apiError} />}
      {problems.length > 0 && (
        <Card withBorder>
          <Title order={3} size="h5">{t("new.fieldErrors")}</Title>
          <List size="sm" aria-label={t("new.fieldErrors")}>
            {problems.map((p, i) => (
              <List.Item key={i}>
                <b>{humanPath(p.path.replace(/^input\./, ""), pathLabels) || "—"}</b>: {t(`schemaForm.${p.message}`, { defaultValue: p.message })}{" "}
                <Text span size="xs" c="dimmed" ff="monospace">{p.path}</Text>
              </List.Item>
            ))}
          </List>
        </Card>
      )}
      {/* Save stays in view however long the scenario is. */}
      <Group className="sticky-save" justify="space-between">
        {saved ? <Text role="status" fw={600}>{t("targets.saved")}</Text>
          : <Text size="sm" c="dimmed">{dirty ? t("forms.unsavedShort") : ""}</Text>}
        <Button onClick={() => void save()} loading={update.fetching || created.fetching}>{t("editor.save")}</Button>
      </Group>
    </Stack>
  );
}
