/**
 * Edit a scenario and save it with `updateScenario`, or start a new one (`/scenarios/new/edit`)
 * and save it with `createScenario`; leaving with unsaved changes asks first. Cases start folded
 * and the list is virtualised (CaseList), so a 1,000-case scenario stays quick.
 */
import { Alert, Button, Card, Group, List, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useBlocker, useLoaderData, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { humanPath } from "../../components/forms/fieldPaths";
import { Loading } from "../../components/Loading";
import { apiErrorFromCombined, fieldErrors } from "../../graphql/errors";
import { graphql, type JsonValue, type ResultOf } from "../../graphql/graphql";
import { caseDraft, casesInput, emptyCase, type CaseDraft, type RuleSchemas, type StoredCase } from "./draft";
import { addCase, duplicateCase, removeCase, replaceCase, rowsFrom, type CaseRow } from "./caseRows";
import { CaseList, type CaseListHandle } from "./CaseList";
import { ruleModels } from "./ruleModels";
import { RuleModelsContext } from "./RuleModelNote";
import { focusFirstError } from "../../components/forms/focusFirstError";
import { CreateScenarioMutation, NEW_SCENARIO_ID, newScenarioFrom, RuleTypesQuery, useRegressionDraft } from "./regressionDraft";
import type { RegressionDraft } from "../../components/regression/AddToRegression";
import { casesWithProblems, ProblemScope, scenarioProblems } from "./editorProblems";
import { EditQuery } from "./editQuery";

const UpdateMutation = graphql(`
  mutation ScenarioUpdate($id: ID!, $input: UpdateScenarioInput!) { updateScenario(id: $id, input: $input) { id caseCount } }
`);

export function ScenarioEditPage() {
  const { scenarioId = "" } = useParams();
  const { t } = useTranslation();
  const regression = useRegressionDraft();
  const isNew = scenarioId === NEW_SCENARIO_ID;
  // The route's loader started this query when the loader answers true (editQuery.ts): join it.
  const prefetched = useLoaderData() === true;
  const requestPolicy = prefetched ? "cache-first" : "network-only";
  const [result] = useQuery({ query: EditQuery, variables: { id: scenarioId }, requestPolicy, pause: isNew });
  if (isNew) return <NewScenario regression={regression} />;
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  const stored = result.data.scenario;
  if (!stored) return <Text>{t("scenarios.notFound")}</Text>;
  // `casesJson` is `cases` with every field, as one JSON leaf (a server test holds them equal):
  // a 1,000-case scenario is ~90,000 GraphQL fields otherwise, most of the time to open.
  const scenario = { ...stored, cases: (stored.casesJson ?? []) as unknown as readonly StoredCase[] };
  return <Editor data={result.data} scenario={scenario} regression={regression} />;
}

/** A new scenario: from a regression draft (the draft is its first case), or empty with one case to fill in. */
function NewScenario({ regression }: { regression: RegressionDraft | null }) {
  const [result] = useQuery({ query: RuleTypesQuery });
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  const scenario = regression ? newScenarioFrom(regression) : { id: "", name: "", description: null, cases: [] };
  return <Editor data={{ ...result.data, scenario: null }} scenario={scenario} regression={regression} />;
}

type Data = ResultOf<typeof EditQuery>;

interface EditedScenario { id: string; name: string; description: string | null; cases: readonly StoredCase[] }

function Editor({ data, scenario, regression }: { data: Data; scenario: EditedScenario; regression: RegressionDraft | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const schemas: RuleSchemas = useMemo(() => new Map(data.ruleTypes.map((r) => [r.name, r.paramsSchema as JsonValue])), [data]);
  const models = useMemo(() => ruleModels(data.ruleTypes, data.modelConfigs.map((m) => m.role)), [data]);
  const [name, setName] = useState(scenario.name);
  const [description, setDescription] = useState(scenario.description ?? "");
  const isNew = !scenario.id;
  const [rows, setRows] = useState<CaseRow[]>(() => {
    const drafts = [...scenario.cases, ...(regression ? [regression.case] : [])].map((c) => caseDraft(c, schemas));
    return rowsFrom(isNew && drafts.length === 0 ? [emptyCase(1)] : drafts);
  });
  const cases = useMemo(() => rows.map((r) => r.draft), [rows]);
  const [dirty, setDirty] = useState(regression !== null);
  const [saved, setSaved] = useState(false);
  const [created, runCreate] = useMutation(CreateScenarioMutation);
  const [createdId, setCreatedId] = useState<string | null>(null);
  // Cases start folded (a regression draft and a new scenario's case open): open ones by row id.
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(regression || isNew ? [rows[rows.length - 1].id] : []));
  const list = useRef<CaseListHandle>(null);
  const rowsRef = useRef(rows);
  useEffect(() => { rowsRef.current = rows; }, [rows]); // for the stable callbacks below (called from events)
  const edited = useCallback(() => { setDirty(true); setSaved(false); }, []);
  const onToggle = useCallback((i: number) => setOpen((now) => {
    const id = rowsRef.current[i].id;
    const next = new Set(now);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  }), []);
  const onChange = useCallback((i: number, draft: CaseDraft) => { setRows((now) => replaceCase(now, i, draft)); edited(); }, [edited]);
  const onRemove = useCallback((i: number) => { setRows((now) => removeCase(now, i)); edited(); }, [edited]);
  const onDuplicate = useCallback((i: number) => {
    const next = duplicateCase(rowsRef.current, i);
    setRows(next);
    setOpen((now) => new Set([...now, next[i + 1].id]));
    edited();
  }, [edited]);
  const onAdd = () => {
    const next = addCase(rows);
    setRows(next);
    setOpen((now) => new Set([...now, next[next.length - 1].id]));
    edited();
    requestAnimationFrame(() => list.current?.reveal(next.length - 1));
  };
  const pathLabels = {
    cases: t("forms.paths.case"), eval_rules: t("forms.paths.rule"), messages: t("forms.paths.message"),
    required_slots: t("editor.slots"), required_steps: t("forms.paths.step"), expectation: t("editor.expectation"),
    intent_taxonomy: t("forms.paths.taxonomy"), name: t("scenarios.name"), key: t("editor.caseKey"),
    // a simulated case's user (the API's CaseInput names)
    goal: t("sim.goal"), opening: t("sim.opening"), maxTurns: t("sim.maxTurns"), simulator: t("sim.simulator"),
    followUps: t("sim.followUps"), stopWhen: t("sim.stopWhen"), phrase: t("sim.stopPhrases"),
    persona: t("sim.persona"), background: t("sim.background"), personality: t("sim.personality"), patience: t("sim.patience"),
  };
  // After the first Save, the drafts are checked as they change: a fixed field's message goes at once.
  const [tried, setTried] = useState(false);
  // Checked behind the typing (deferred): a keystroke in a long scenario paints first.
  const checked = useDeferredValue(cases);
  const localProblems = useMemo(() => (tried ? scenarioProblems(name, checked, schemas, i18n.language) : []),
    [tried, name, checked, schemas, i18n.language]);
  const [update, runUpdate] = useMutation(UpdateMutation);
  const saveError = update.error ?? created.error;
  const apiError = useMemo(() => (saveError ? apiErrorFromCombined(saveError) : null), [saveError]);
  const problems = useMemo(() => [...localProblems, ...(apiError ? fieldErrors(apiError, t) : [])], [localProblems, apiError, t]);
  useEffect(() => { if (apiError) focusFirstError(); }, [apiError]);
  const nameProblem = problems.find((p) => p.path.replace(/^input\./, "") === "name");
  const nameError = nameProblem ? t(`schemaForm.${nameProblem.message}`, { defaultValue: nameProblem.message }) : undefined;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  // After useBlocker, so the blocker already knows the save cleared `dirty`.
  useEffect(() => { if (createdId && !dirty) navigate(`/scenarios/${createdId}/edit`, { replace: true }); }, [createdId, dirty, navigate]);
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const change = <T,>(set: (value: T) => void) => (value: T) => { set(value); edited(); };

  const save = async () => {
    setTried(true);
    const found = scenarioProblems(name, cases, schemas, i18n.language);
    const unfold = casesWithProblems(found);
    setOpen((now) => new Set([...now, ...unfold.map((i) => rows[i].id)]));
    if (found.length > 0) {
      if (unfold.length > 0 && !found.some((p) => p.path === "name")) list.current?.reveal(unfold[0]);
      focusFirstError();
      return;
    }
    const { cases: input } = casesInput(cases, schemas);
    if (!scenario.id) { // a new scenario (empty, or for a regression draft)
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
        <Title order={2}>{isNew ? t("editor.newTitle") : t("editor.title", { name: scenario.name })}</Title>
        <Button component={Link} to={isNew ? "/scenarios" : `/scenarios/${scenario.id}`} variant="default">
          {isNew ? t("editor.backToScenarios") : t("editor.backToScenario")}
        </Button>
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
      <TextInput label={t("scenarios.name")} required value={name} error={nameError}
        onChange={(e) => change(setName)(e.currentTarget.value)} />
      <Textarea label={t("targets.description")} autosize value={description} onChange={(e) => change(setDescription)(e.currentTarget.value)} />
      <Group justify="space-between">
        <Title order={3} size="h4">{t("lists.cases", { count: rows.length })}</Title>
        {rows.length > 1 && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpen(new Set())}>{t("forms.collapseAll")}</Button>
            {rows.length <= 50 && <Button size="xs" variant="default" onClick={() => setOpen(new Set(rows.map((r) => r.id)))}>{t("forms.expandAll")}</Button>}
          </Group>
        )}
      </Group>
      <ProblemScope problems={problems}>
        <RuleModelsContext.Provider value={models}>
        <CaseList ref={list} rows={rows} schemas={schemas} open={open}
          onChange={onChange} onToggle={onToggle} onRemove={onRemove} onDuplicate={onDuplicate} />
        </RuleModelsContext.Provider>
      </ProblemScope>
      <Group><Button variant="light" onClick={onAdd}>{t("editor.addCase")}</Button></Group>
      {apiError && <ErrorNotice error={apiError} />}
      {problems.length > 0 && (
        <Card withBorder>
          <Title order={3} size="h5" tabIndex={-1} data-first-error>{t("new.fieldErrors")}</Title>
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
