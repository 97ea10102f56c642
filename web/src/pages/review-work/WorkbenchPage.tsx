/**
 * The reviewing page, built for speed: claim a batch, then item by item with the keyboard only
 * (keys in keyboard.ts, legend on the page); the answer goes with the seconds it took.
 */
import { Alert, Badge, Button, Group, NumberInput, Stack, Text, Title } from "@mantine/core";
import { useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { queueName } from "../../components/review-queues/queueName";
import { itemKind, median, readRubric } from "../../components/review-queues/rubric";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { readFragment, type ResultOf } from "../../graphql/graphql";
import { message, say, type Message } from "../../components/message";
import { answerQuestion, buildAnswer, chooseTop, emptyDraft, questionsOf, type Draft } from "./draft";
import { ItemReview, NOTE_ID } from "./ItemReview";
import { actionForKey, focusPlace, type WorkAction } from "./keyboard";
import { KeyLegend } from "./KeyLegend";
import { ClaimBatchMutation, ReleaseItemMutation, SubmitAnswerMutation, WorkItemFields, WorkItemQuery, WorkQueueQuery } from "./queries";
import { useItemClock } from "./useItemClock";

type WorkItem = ResultOf<typeof WorkItemFields>;
type Loaded = ResultOf<typeof WorkQueueQuery>;

export function WorkbenchPage() {
  const { queueId = "" } = useParams();
  const [loaded] = useQuery({ query: WorkQueueQuery, variables: { queueId }, requestPolicy: "network-only" });
  if (loaded.error) return <ErrorNotice error={apiErrorFromCombined(loaded.error)} />;
  if (!loaded.data || loaded.fetching) return <Loading />;
  return <Workbench key={queueId} queueId={queueId} data={loaded.data} />;
}

/** This key's timed answers in the queue; a settled item shows its whole family's answers, so each counts once. */
function myTimes(data: Loaded): number[] {
  const suffix = `(${data.me.id})`;
  const seen = new Map<string, number>();
  for (const item of data.done ?? []) {
    for (const a of item.answers) {
      if (a.reviewer.endsWith(suffix) && typeof a.seconds === "number") seen.set(a.reviewedAt, a.seconds);
    }
  }
  return [...seen.values()];
}

function Workbench({ queueId, data }: { queueId: string; data: Loaded }) {
  const { t } = useTranslation();
  const [batch, setBatch] = useState<WorkItem[]>(() => (data.held ?? []).map((i) => readFragment(WorkItemFields, i)));
  const [index, setIndex] = useState(0);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [submitted, setSubmitted] = useState<Record<string, boolean>>({});
  const [times, setTimes] = useState<number[]>(() => myTimes(data));
  const [reviewedNow, setReviewedNow] = useState(0);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [hint, setHint] = useState<Message | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const [size, setSize] = useState<number>(10);
  const [claimed, claim] = useMutation(ClaimBatchMutation);
  const [sent, send] = useMutation(SubmitAnswerMutation);
  const [, release] = useMutation(ReleaseItemMutation);
  const current = batch[index] ?? null;
  const [shown] = useQuery({ query: WorkItemQuery, variables: { id: current?.id ?? "" }, pause: !current });
  const clock = useItemClock(current?.id ?? null);
  const fresh = shown.data?.reviewItem && current && shown.data.reviewItem ? readFragment(WorkItemFields, shown.data.reviewItem) : null;
  const item = fresh && fresh.id === current?.id ? fresh : current;
  const draft = (current && drafts[current.id]) || emptyDraft;

  const setDraft = (next: Draft) => { if (current) { setDrafts((all) => ({ ...all, [current.id]: next })); setHint(null); } };
  const go = (step: number) => setIndex((i) => Math.min(Math.max(i + step, 0), Math.max(batch.length - 1, 0)));

  async function claimNext() {
    setProblem(null);
    const result = await claim({ queueId, size });
    if (result.error) { setProblem(apiErrorFromCombined(result.error)); return; }
    const items = (result.data?.claimReviewBatch ?? []).map((i) => readFragment(WorkItemFields, i));
    setBatch(items);
    setIndex(0);
    setExhausted(items.length === 0);
  }

  async function submit() {
    if (!current || submitted[current.id] || sent.fetching) return;
    const kind = itemKind(current.kind);
    const built = buildAnswer(kind, draft, readRubric(current.rubric).entries);
    if (!built.ok) { setHint(message(kind === "CASE" || kind === "CONVERSATION" ? "workbench.work.pickTop" : "workbench.work.pickTopYesNo")); return; }
    const seconds = Math.round(clock.secondsOn(current.id, Date.now()) * 10) / 10;
    const result = await send({ itemId: current.id, answer: built.answer, note: draft.note.trim() || null, seconds });
    if (result.error) { setProblem(apiErrorFromCombined(result.error)); return; }
    setProblem(null);
    const done = { ...submitted, [current.id]: true };
    setSubmitted(done);
    setTimes((all) => [...all, seconds]);
    setReviewedNow((n) => n + 1);
    const next = batch.findIndex((i, at) => at > index && !done[i.id]);
    const earlier = batch.findIndex((i) => !done[i.id]);
    if (next >= 0) setIndex(next);
    else if (earlier >= 0) setIndex(earlier);
    else await claimNext(); // the batch is done: the next one comes without a key press
  }

  async function giveBack() {
    if (!current) return;
    const result = await release({ itemId: current.id });
    if (result.error) { setProblem(apiErrorFromCombined(result.error)); return; }
    setProblem(null);
    setBatch((items) => items.filter((i) => i.id !== current.id));
    setIndex((i) => Math.max(0, Math.min(i, batch.length - 2)));
  }

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const action: WorkAction | null = actionForKey(event, focusPlace(event.target, NOTE_ID));
    if (!action) return;
    event.preventDefault();
    const kind = current ? itemKind(current.kind) : "CASE";
    const editable = current && !submitted[current.id];
    switch (action.type) {
      case "next": go(1); break;
      case "previous": go(-1); break;
      case "top": if (editable) setDraft(chooseTop(draft, kind, action.choice)); break;
      case "answer": if (editable) setDraft(answerQuestion(draft, questionsOf(readRubric(current.rubric).entries), action.yes)); break;
      case "note": document.getElementById(NOTE_ID)?.focus(); break;
      case "leaveNote": (document.activeElement as HTMLElement | null)?.blur(); break;
      case "submit": void submit(); break;
      case "claim": void claimNext(); break;
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  const mine = median(times);
  const currentSeconds = current ? `${Math.round(clock.secondsOn(current.id))} s` : t("workbench.none");
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Anchorish queueId={queueId} operator={data.me.role !== "REVIEWER"} />
          <Title order={2}>{t("workbench.work.title", { name: data.reviewQueue ? queueName(data.reviewQueue, t) : queueId })}</Title>
        </Stack>
        <Group gap="xs" align="flex-end">
          <NumberInput label={t("workbench.work.batchSize")} min={1} max={50} w={110} size="xs" value={size}
            onChange={(v) => setSize(typeof v === "number" ? v : 10)} />
          <Button size="xs" onClick={() => void claimNext()} loading={claimed.fetching}>{t("workbench.work.claim")} (c)</Button>
        </Group>
      </Group>
      <Text size="sm" data-testid="review-timing">
        {mine === null ? t("workbench.work.timingNone", { current: currentSeconds })
          : t("workbench.work.timing", { mine: `${Math.round(mine)} s`, count: times.length, current: currentSeconds })}
        {" · "}{t("workbench.work.sessionTimer", { n: reviewedNow })}
      </Text>
      <KeyLegend />
      {problem && <ErrorNotice error={problem} />}
      {hint && <Alert color="yellow" variant="light" role="alert" p="xs">{say(t, hint)}</Alert>}
      {!current && <Text size="sm">{exhausted ? t("workbench.work.nothingLeft") : t("workbench.work.nothingHeld")}</Text>}
      {current && item && (
        <>
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <Text size="sm" fw={700} aria-live="polite">{t("workbench.work.position", { n: index + 1, total: batch.length })}</Text>
              <Badge variant="light">{t(`workbench.stage.${current.stage as "FIRST"}`, { defaultValue: current.stage })}</Badge>
              <Badge variant="outline">{t(`workbench.kind.${current.kind as "CASE"}`, { defaultValue: current.kind })}</Badge>
              <Text size="sm" style={{ wordBreak: "break-all" }}>{current.target}</Text>
            </Group>
            <Group gap="xs">
              <Button size="compact-sm" variant="default" onClick={() => go(-1)} disabled={index === 0}>← {t("workbench.work.previous")}</Button>
              <Button size="compact-sm" variant="default" onClick={() => go(1)} disabled={index >= batch.length - 1}>{t("workbench.work.next")} →</Button>
            </Group>
          </Group>
          <ItemReview key={current.id} busy={sent.fetching} submitted={!!submitted[current.id]} draft={draft} onDraft={setDraft}
            onSubmit={() => void submit()} onRelease={() => void giveBack()}
            item={{ ...item, transcript: fresh?.id === current.id ? shown.data?.reviewItem?.transcript ?? null : null }} />
        </>
      )}
    </Stack>
  );
}

/** Back to the queues; the queue's page (appeals, report) only for the roles that may read it. */
function Anchorish({ queueId, operator }: { queueId: string; operator: boolean }) {
  const { t } = useTranslation();
  return (
    <Text size="xs"><Link to="/review">{t("workbench.title")}</Link>
      {operator && <>{" · "}<Link to={`/review/${queueId}`}>{t("workbench.details")}</Link></>}</Text>
  );
}
