/**
 * A monitored conversation: its turns as judged (a turn per customer message), every hit
 * highlighted at its turn, the verdicts, and "add to a regression scenario"; `?turn=N` (the
 * alert's link, 0-based) scrolls to that turn; `#message-<key>` (a search hit) scrolls to that message,
 * marks it and moves focus there.
 */
import { Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "react-router";
import { idFromHash, useLandOn } from "../../components/layout/useLandOn";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { AddToRegression } from "../../components/regression/AddToRegression";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import type { ResultOf } from "../../graphql/graphql";
import { useLastData } from "../../graphql/useLastData";
import { dialogTurns, turnFromSearch } from "./dialogTurns";
import { failedRules, tagsOf, type Hit } from "./hits";
import { ConversationQuery } from "./queries";
import { ConversationTurns, messageAnchor } from "./ConversationTurns";
import { VerdictList } from "./VerdictList";
import { useMonitoringRefresh } from "./useMonitoringRefresh";

export function ConversationPage() {
  const { conversationId = "" } = useParams();
  const { search, hash } = useLocation();
  const { t, i18n } = useTranslation();
  const [result, refetch] = useQuery({ query: ConversationQuery, variables: { conversationId }, requestPolicy: "cache-and-network" });
  const reread = useMonitoringRefresh(refetch); // an open conversation grows; a closed one gets judged
  const data = useLastData(result.data);
  const turns = useMemo(() => dialogTurns(data?.monitoredTurns ?? []), [data]);
  const hits = useMemo(() => conversationHits(data), [data]);
  const wanted = turnFromSearch(search);
  useEffect(() => {
    if (wanted === null || !turns.length) return;
    document.getElementById(`turn-${wanted + 1}`)?.scrollIntoView({ block: "center" });
  }, [wanted, turns.length]);
  const anchor = idFromHash(hash);
  const landedMessage = anchor?.startsWith("message-") ? anchor.slice("message-".length) : null;
  useLandOn(landedMessage === null ? null : messageAnchor(landedMessage), turns.length > 0);

  if (result.error && !data) return <ErrorNotice error={apiErrorFromCombined(result.error)} onRetry={reread} />;
  if (!data) return <Loading />;
  const conversation = data.monitoredConversation;
  if (!conversation) return <Alert color="yellow">{t("monitoring.conversationNotFound")}</Alert>;
  const monitors = new Map(data.monitors.map((m) => [m.id, m.name]));
  const source = data.monitoredSources.find((s) => s.id === conversation.sourceId)?.name ?? conversation.sourceId;
  const tags = tagsOf(conversation.metadata);
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} style={{ wordBreak: "break-word" }}>{t("monitoring.conversationTitle", { id: conversation.externalId })}</Title>
        <AddToRegression what={t("monitoring.regressionWhole")} source={{ kind: "conversation", conversationId: conversation.id }} />
      </Group>
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color={conversation.status === "JUDGED" ? "green" : conversation.status === "OPEN" ? "blue" : "yellow"}>
          {t(`monitoring.status.${conversation.status}`, { defaultValue: conversation.status })}
        </Badge>
        <Text size="sm" c="dimmed">
          {t("monitoring.facts", { source, turns: conversation.turnCount, version: conversation.version,
            first: formatTime(conversation.firstSeenAt, i18n.language), last: formatTime(conversation.lastTurnAt, i18n.language) })}
        </Text>
      </Group>
      {conversation.inferred && <Alert color="yellow" variant="light" role="note">{t("monitoring.inferred")}</Alert>}
      {tags.length > 0 && (
        <Group gap={6} aria-label={t("monitoring.metadata")} role="group">
          <Text size="xs" c="dimmed">{t("monitoring.metadata")}:</Text>
          {tags.map((tag) => <Badge key={tag} size="sm" variant="outline" color="gray" tt="none">{tag}</Badge>)}
        </Group>
      )}
      {hits.length > 0 && (
        <Card withBorder padding="sm" style={{ borderColor: "var(--mantine-color-red-4)" }}>
          <Text size="sm" fw={600}>{t("monitoring.hitsInConversation", { count: hits.length })}</Text>
          <Group gap="sm" wrap="wrap">
            {hits.map((h) => h.turn === null ? (
              <Text key={h.key} size="sm"><Text span ff="monospace">{h.ruleType}</Text> · {t("monitoring.wholeConversation")}</Text>
            ) : (
              <Anchor key={h.key} size="sm" href={`#turn-${h.turn + 1}`}>{t("monitoring.hitAt", { rule: h.ruleType, n: h.turn + 1 })}</Anchor>
            ))}
          </Group>
        </Card>
      )}
      <ConversationTurns conversationId={conversation.id} turns={turns} hits={hits} highlighted={wanted} landedMessage={landedMessage} />
      <VerdictList verdicts={data.monitorVerdicts} monitors={monitors} />
    </Stack>
  );
}

type Data = ResultOf<typeof ConversationQuery>;

/** Red lines, and the rules each monitor's latest verdict failed. */
function conversationHits(data: Data | undefined): Hit[] {
  if (!data) return [];
  const redLines: Hit[] = data.redLineHits.map((h) => ({
    key: h.id, conversationId: "", ruleType: h.ruleType, turn: h.turn, quote: h.quote, at: h.createdAt, kind: "redLine",
  }));
  const latest = new Map<string, Data["monitorVerdicts"][number]>();
  for (const v of data.monitorVerdicts) {
    const seen = latest.get(v.monitorId);
    if (!seen || v.version > seen.version) latest.set(v.monitorId, v);
  }
  const atClose = [...latest.values()].flatMap((v) => failedRules({ ...v, conversationId: v.monitorId }));
  return [...redLines, ...atClose].sort((a, b) => (a.turn ?? Infinity) - (b.turn ?? Infinity));
}
