/** The conversation beside the rubric: the judged turn outlined, the quoted evidence marked. */
import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { splitByQuote, type TranscriptMessage } from "./highlight";

export function ReviewTranscript({ messages, judgedTurn, quote }: {
  messages: TranscriptMessage[]; judgedTurn: number | null; quote: string | null;
}) {
  const { t } = useTranslation();
  const judged = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    // The judged turn comes into view when the question moves to another entry.
    judged.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [judgedTurn, quote]);
  if (messages.length === 0) return <Text size="sm" c="dimmed">{t("workbench.work.noTranscript")}</Text>;
  const turns = [...new Set(messages.map((m) => m.turn))];
  return (
    <Stack component="ol" gap="xs" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("workbench.work.transcript")}>
      {turns.map((turn) => {
        const isJudged = turn === judgedTurn;
        return (
          <Paper component="li" key={turn} withBorder p="xs" className="turn" ref={isJudged ? judged : undefined}
            data-highlighted={isJudged ? "true" : "false"} aria-current={isJudged ? "true" : undefined}>
            <Group gap="xs">
              <Text size="xs" fw={700} c="dimmed">{t("workbench.work.turnLabel", { n: turn + 1 })}</Text>
              {isJudged && <Badge size="xs" color="yellow" variant="light">{t("workbench.work.judgedTurn")}</Badge>}
            </Group>
            {messages.filter((m) => m.turn === turn).map((message, index) => (
              <Stack key={index} gap={2} mt={4}>
                <Badge size="xs" variant={message.role === "user" ? "light" : "filled"}>
                  {message.role === "user" ? t("workbench.work.user") : t("workbench.work.assistant")}
                </Badge>
                <Text size="sm" className="transcript-text">
                  {splitByQuote(message.content, quote).map((piece, i) => piece.quoted
                    ? <mark key={i} className="quoted-evidence">{piece.text}</mark>
                    : <span key={i}>{piece.text}</span>)}
                </Text>
              </Stack>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
