/** P4 会话详情页: the transcript (streaming while RUNNING) and the verdict; #turn-N is highlighted. */
import { Alert, Anchor, Badge, Box, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { useClient, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { LiveIndicator } from "../../components/LiveIndicator";
import { Loading } from "../../components/Loading";
import { StatusBadge } from "../../components/status/StatusBadge";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import { readFragment, type ResultOf } from "../../graphql/graphql";
import { lastPosition } from "../../graphql/resume";
import { useLastData } from "../../graphql/useLastData";
import { useLiveStream } from "../../graphql/useLiveStream";
import { useRefetchOnEvents } from "../../graphql/useRefetchOnEvents";
import { personaName } from "../../components/intelligent/persona";
import { ProvenanceLines } from "../../components/intelligent/ProvenanceLines";
import { sessionTrails } from "../../components/intelligent/provenance";
import { SEVERITY_COLOUR } from "../../components/status/severity";
import { isFinished } from "../../components/review/review";
import { MessageFields, SessionMessagesSubscription, SessionQuery } from "./queries";
import { SessionReview } from "./SessionReview";
import { AddToRegression } from "../../components/regression/AddToRegression";
import { Transcript, type ShownMessage } from "./Transcript";
import { groupByTurn, turnFromHash } from "./turns";

type Message = ResultOf<typeof MessageFields>;

export function SessionPage() {
  const { sessionId = "" } = useParams();
  const { hash } = useLocation();
  const { t, i18n } = useTranslation();
  const client = useClient();
  const [result, reexecute] = useQuery({ query: SessionQuery, variables: { id: sessionId }, requestPolicy: "network-only" });
  const data = useLastData(result.data);
  const [streamed, setStreamed] = useState<Message[]>([]);
  const session = data?.session;
  const queried = useMemo(() => session?.messages.map((m) => readFragment(MessageFields, m)) ?? [], [session]);
  const running = session?.status === "RUNNING";
  const refetch = useCallback(() => reexecute({ requestPolicy: "network-only" }), [reexecute]);

  const live = useLiveStream<Message>({
    start: session ? lastPosition(queried.map((m) => m.index)) : undefined,
    document: SessionMessagesSubscription,
    variables: { sessionId },
    cursorVariable: "afterIndex",
    pick: (data) => data.sessionMessages as Message | undefined,
    positionOf: (m) => m.index,
    onItem: (m) => setStreamed((list) => [...list, m]),
    requery: async () => {
      const fresh = await client.query(SessionQuery, { id: sessionId }, { requestPolicy: "network-only" }).toPromise();
      if (fresh.error || !fresh.data?.session) throw fresh.error ?? new Error("no session");
      refetch();
      return lastPosition(fresh.data.session.messages.map((m) => readFragment(MessageFields, m).index));
    },
    enabled: running,
  });
  // The verdict and the closing come as eval events.
  useRefetchOnEvents(running ? session?.evalId : undefined, refetch, sessionId);

  const turns = useMemo(() => groupByTurn<ShownMessage>([...queried, ...streamed]), [queried, streamed]);
  const highlighted = turnFromHash(hash);
  useEffect(() => {
    if (highlighted === null || !turns.length) return;
    document.getElementById(`turn-${highlighted}`)?.scrollIntoView({ block: "center" });
  }, [highlighted, turns.length]);

  if (result.error && !session) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!data) return <Loading />;
  if (!session) return <Alert color="yellow">{t("session.notFound")}</Alert>;
  const verdict = session.verdict;

  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <Title order={2}>{t("session.title", { persona: personaName(session.persona) })}</Title>
          <StatusBadge status={session.status} />
          {running && <LiveIndicator state={live.state} />}
        </Group>
        <Group>
          <Anchor component={Link} to={`/evals/${session.evalId}`}>{session.eval.name}</Anchor>
          <Anchor component={Link} to={`/evals/${session.evalId}/report`}>{t("manage.openReport")}</Anchor>
          {session.turnCount > 0 && (
            // Opened at #turn-N, the draft stops at that turn; else it takes the whole session.
            <AddToRegression source={{ kind: "session", sessionId: session.id, upToTurn: highlighted === null ? undefined : highlighted - 1 }}
              what={personaName(session.persona)} />
          )}
        </Group>
      </Group>
      <Text className="transcript-text"><b>{t("plan.goal")}:</b> {session.goal}</Text>
      <Text size="sm">
        {t("plan.dimension")}: {session.dimension ?? "—"} · {t("session.turns")}: {session.turnCount} ·{" "}
        {t("session.times", { start: formatTime(session.createdAt, i18n.language), end: formatTime(session.closedAt, i18n.language) })}
      </Text>
      {verdict && (
        <Paper withBorder p="md" component="section" aria-label={t("session.verdict")}>
          <Title order={3}>{t("session.verdict")}</Title>
          <Text mt="xs">
            {t("session.goalAchieved")}: <b>{verdict.goalAchieved ? t("common.yes") : t("common.no")}</b> ·{" "}
            {t("session.achievement")}: <b>{Math.round(verdict.achievement * 100)}%</b>
          </Text>
          {verdict.issues.length > 0 && (
            <List mt="xs">
              {verdict.issues.map((issue, i) => (
                <List.Item key={i}>
                  <Badge size="xs" color={SEVERITY_COLOUR[issue.severity]} variant="light" mr={6}>{t(`severity.${issue.severity}`)}</Badge>
                  {issue.description}
                  {issue.turnIndex !== null && (
                    <> · <Anchor href={`#turn-${issue.turnIndex + 1}`}>{t("session.turn", { n: issue.turnIndex + 1 })}</Anchor></>
                  )}
                </List.Item>
              ))}
            </List>
          )}
          {verdict.suggestions.length > 0 && (
            <>
              <Text fw={600} mt="sm">{t("session.suggestions")}</Text>
              <List aria-label={t("session.suggestions")}>
                {verdict.suggestions.map((s, i) => <List.Item key={i}>{s}</List.Item>)}
              </List>
            </>
          )}
          {verdict.notes && <Text size="sm" mt="xs" className="transcript-text">{verdict.notes}</Text>}
          <Box mt="sm"><ProvenanceLines trails={sessionTrails(verdict.provenance)} /></Box>
        </Paper>
      )}
      <SessionReview sessionId={session.id} evalId={session.evalId} automatic={verdict ? verdict.goalAchieved : null} review={session.review}
        finished={isFinished(session.eval.status)} onReviewed={refetch} />
      {turns.length === 0 ? <Text>{running ? t("session.waiting") : t("session.empty")}</Text>
        : <Transcript turns={turns} highlighted={highlighted} />}
    </Stack>
  );
}
