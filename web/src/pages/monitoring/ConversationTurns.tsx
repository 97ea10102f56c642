/** The conversation by turn; a turn with hits is marked red and says which rules hit, with their quote. */
import { Badge, Code, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AddToRegression } from "../../components/regression/AddToRegression";
import { formatTime } from "../../components/time";
import type { JsonValue } from "../../graphql/graphql";
import type { DialogTurn } from "./dialogTurns";
import type { Hit } from "./hits";

interface Message { messageKey: string; role: string; content: string; sentAt: string; position: number | null; latencyMs: number | null; toolCalls: JsonValue | null }

interface Props {
  conversationId: string; turns: DialogTurn<Message>[]; hits: Hit[]; highlighted: number | null;
  /** The message a search hit opened (`#message-<key>`): marked, and focus lands on it. */
  landedMessage?: string | null;
}

/** The element id of a message, what `#message-<key>` links point at. */
export const messageAnchor = (messageKey: string) => `message-${messageKey}`;

export function ConversationTurns({ conversationId, turns, hits, highlighted, landedMessage = null }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="ol" gap="sm" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("monitoring.conversation")}>
      {turns.map((turn) => {
        const number = turn.index + 1;
        const here = hits.filter((h) => h.turn === turn.index);
        return (
          <Paper component="li" key={turn.index} id={`turn-${number}`} className="turn" withBorder p="sm"
            data-hit={here.length > 0 ? "true" : "false"} data-highlighted={highlighted === turn.index ? "true" : "false"}
            aria-current={highlighted === turn.index ? "true" : undefined}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="xs" fw={700} c="dimmed">{t("monitoring.turnN", { n: number })}</Text>
              {here.length > 0 && (
                <AddToRegression what={t("monitoring.regressionUpTo", { n: number })}
                  source={{ kind: "conversation", conversationId, upToTurn: turn.index }} />
              )}
            </Group>
            {here.map((h) => (
              <Group key={h.key} gap={6} mt={4} wrap="wrap" role="note" aria-label={t("monitoring.hitAt", { rule: h.ruleType, n: number })}>
                <Badge color={h.kind === "redLine" ? "red" : "orange"} size="sm">
                  {h.kind === "redLine" ? t("monitoring.kindRedLine") : t("monitoring.kindAtClose")}
                </Badge>
                <Text size="sm" ff="monospace" fw={600}>{h.ruleType}</Text>
                {h.quote && <Text size="sm" c="red.9" className="transcript-text">“{h.quote}”</Text>}
              </Group>
            ))}
            {turn.messages.map((m) => (
              <Stack key={m.messageKey} gap={2} mt={6} id={messageAnchor(m.messageKey)} className="landed"
                data-landed={landedMessage === m.messageKey ? "true" : undefined}
                tabIndex={landedMessage === m.messageKey ? -1 : undefined}
                aria-current={landedMessage === m.messageKey ? "true" : undefined}
                role={landedMessage === m.messageKey ? "group" : undefined}
                aria-label={landedMessage === m.messageKey ? t("search.landedMessage") : undefined}>
                <Group gap="xs">
                  <Badge size="xs" variant={m.role === "user" ? "light" : "filled"} color={m.role === "tool" ? "gray" : undefined}>
                    {t(`monitoring.role.${m.role}`, { defaultValue: m.role })}
                  </Badge>
                  <Text size="xs" c="dimmed">{formatTime(m.sentAt, i18n.language)}</Text>
                  {m.latencyMs !== null && <Text size="xs" c="dimmed">{t("monitoring.latency", { ms: m.latencyMs })}</Text>}
                </Group>
                {m.content && <Text size="sm" className="transcript-text">{m.content}</Text>}
                {m.toolCalls !== null && (
                  <Code block aria-label={t("monitoring.toolCalls")} style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                    {JSON.stringify(m.toolCalls, null, 2)}
                  </Code>
                )}
              </Stack>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
