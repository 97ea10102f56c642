/** OPERATOR/ADMIN: a sampling plan (a new one or a stored one) and the queue it fills from finished work. */
import { Button, Checkbox, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined, errorsAt, fieldErrors, type ApiError } from "../../graphql/errors";
import { message, say, type Message } from "../../components/message";
import { ALWAYS, emptyPlan, PLAN_KINDS, planSpec, type PlanForm } from "./planSpec";
import { ReviewerKeysQuery, CreatePlanMutation, CreateQueueMutation, PlanFormQuery } from "./queries";

const NEW = "new";

export function NewQueueForm({ onCreated }: { onCreated(): void }) {
  const { t, i18n } = useTranslation();
  const [options] = useQuery({ query: PlanFormQuery, requestPolicy: "cache-and-network" });
  const [keys] = useQuery({ query: ReviewerKeysQuery });
  const [planId, setPlanId] = useState<string>(NEW);
  const [planName, setPlanName] = useState("");
  const [plan, setPlan] = useState<PlanForm>(emptyPlan);
  const [name, setName] = useState("");
  const [runIds, setRunIds] = useState<string[]>([]);
  const [evalIds, setEvalIds] = useState<string[]>([]);
  const [reviewers, setReviewers] = useState<string[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<Message | null>(null);
  const [noSources, setNoSources] = useState(false); // said at render, in the language of the moment
  const [, createPlan] = useMutation(CreatePlanMutation);
  const [created, createQueue] = useMutation(CreateQueueMutation);
  if (options.error) return <ErrorNotice error={apiErrorFromCombined(options.error)} />;
  if (!options.data) return <Loading />;
  const problems = error ? fieldErrors(error) : [];
  const at = (path: string) => errorsAt(problems, path).map((p) => p.message).join("; ") || undefined;
  const set = <K extends keyof PlanForm>(field: K, value: PlanForm[K]) => setPlan((p) => ({ ...p, [field]: value }));
  const runs = options.data.runs.edges.map(({ node }) => ({ value: node.id,
    label: `${node.campaign.name} → ${node.target.name} · ${formatTime(node.createdAt, i18n.language)}${node.offline ? ` (${t("workbench.create.offline")})` : ""}` }));
  const evals = options.data.intelligentEvals.edges.map(({ node }) => ({ value: node.id, label: node.name }));
  const keyOptions = (keys.data?.reviewerKeys ?? [])
    .map((k) => ({ value: k.id, label: `${k.name} (${k.role})` }));

  async function submit() {
    setError(null);
    setDone(null);
    setNoSources(runIds.length + evalIds.length === 0);
    if (runIds.length + evalIds.length === 0) return;
    let usePlan = planId;
    if (planId === NEW) {
      const made = await createPlan({ name: planName, spec: planSpec(plan) });
      if (made.error || !made.data?.createReviewPlan) { if (made.error) setError(apiErrorFromCombined(made.error)); return; }
      usePlan = made.data.createReviewPlan.id;
      setPlanId(usePlan);
    }
    const result = await createQueue({ name, planId: usePlan, runIds, evalIds, reviewerKeyIds: reviewers });
    if (result.error) { setError(apiErrorFromCombined(result.error)); return; }
    setDone(message("workbench.create.done", { name }));
    onCreated();
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-queue">
      <Stack gap="sm">
        <Title order={3} id="new-queue">{t("workbench.create.title")}</Title>
        <Select label={t("workbench.create.plan")} value={planId} allowDeselect={false} onChange={(v) => setPlanId(v ?? NEW)}
          data={[{ value: NEW, label: t("workbench.create.newPlan") }, ...(options.data.reviewPlans ?? []).map((p) => ({ value: p.id, label: p.name }))]} />
        {planId === NEW && (
          <Stack gap="xs" pl="sm" style={{ borderLeft: "2px solid var(--mantine-color-gray-3)" }}>
            <TextInput label={t("workbench.create.planName")} required value={planName} onChange={(e) => setPlanName(e.currentTarget.value)} error={at("name")} />
            <Checkbox.Group label={t("workbench.create.criteria")} value={plan.always} onChange={(v) => set("always", v)}>
              <Stack gap={4} mt={4}>
                {ALWAYS.map((flag) => <Checkbox key={flag} value={flag} label={t(`workbench.create.${flag}`)} />)}
              </Stack>
            </Checkbox.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput label={t("workbench.create.lowConfidence")} value={plan.lowConfidenceBelow} onChange={(e) => set("lowConfidenceBelow", e.currentTarget.value)} error={at("spec.lowConfidenceBelow")} />
              <TextInput label={t("workbench.create.share")} value={plan.share} onChange={(e) => set("share", e.currentTarget.value)} error={at("spec.share")} />
              <TextInput label={t("workbench.create.seed")} value={plan.seed} onChange={(e) => set("seed", e.currentTarget.value)} error={at("spec.seed")} />
              <TextInput label={t("workbench.create.perDay")} value={plan.perDay} onChange={(e) => set("perDay", e.currentTarget.value)} error={at("spec.perDay")} />
              <TextInput label={t("workbench.create.stratifyBy")} value={plan.stratifyBy} onChange={(e) => set("stratifyBy", e.currentTarget.value)} error={at("spec.stratifyBy")} />
              <TextInput label={t("workbench.create.secondReviewShare")} value={plan.secondReviewShare} onChange={(e) => set("secondReviewShare", e.currentTarget.value)} error={at("spec.secondReviewShare")} />
            </SimpleGrid>
            <Checkbox.Group label={t("workbench.create.kinds")} value={plan.kinds} onChange={(v) => set("kinds", v)} error={at("spec.kinds")}>
              <Group gap="md" mt={4}>
                {PLAN_KINDS.map((kind) => <Checkbox key={kind} value={kind} label={t(`workbench.kind.${kind}`)} />)}
              </Group>
            </Checkbox.Group>
          </Stack>
        )}
        <TextInput label={t("workbench.create.queueName")} required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <MultiSelect label={t("workbench.create.runs")} data={runs} value={runIds} onChange={setRunIds} searchable error={at("runIds")} />
        <MultiSelect label={t("workbench.create.evals")} data={evals} value={evalIds} onChange={setEvalIds} searchable error={at("evalIds")} />
        <MultiSelect label={t("workbench.create.reviewers")} data={keyOptions} value={reviewers} onChange={setReviewers} searchable error={at("reviewerKeyIds")} />
        {noSources && <ErrorNotice error={{ code: "VALIDATION_FAILED", message: t("workbench.create.noSources"), details: null }} />}
        {error && <ErrorNotice error={error} />}
        {done && <Text size="sm" c="teal.9" role="status">{say(t, done)}</Text>}
        <Group><Button onClick={() => void submit()} loading={created.fetching}>
          {planId === NEW ? t("workbench.create.submit") : t("workbench.create.submitQueue")}
        </Button></Group>
      </Stack>
    </Paper>
  );
}
