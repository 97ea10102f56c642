/** The dialog by turn: what the virtual user said, the target's reply, latency and errors. */
import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TurnGroup } from "./turns";

export interface ShownMessage {
  id: string;
  index: number;
  turnIndex: number;
  role: "USER" | "ASSISTANT";
  content: string;
  latencyMs: number | null;
  error: string | null;
}

export function Transcript({ turns, highlighted }: { turns: TurnGroup<ShownMessage>[]; highlighted: number | null }) {
  const { t } = useTranslation();
  return (
    <Stack component="ol" gap="sm" style={{ listStyle: "none", padding: 0 }} aria-label={t("session.transcript")}>
      {turns.map((turn) => {
        const number = turn.turnIndex + 1;
        return (
          <Paper component="li" key={turn.turnIndex} id={`turn-${number}`} className="turn" withBorder p="sm"
            data-highlighted={highlighted === number ? "true" : "false"} aria-current={highlighted === number ? "true" : undefined}>
            <Text size="xs" fw={700} c="dimmed">{t("session.turn", { n: number })}</Text>
            {turn.messages.map((message) => (
              <Stack key={message.id} gap={2} mt={4}>
                <Group gap="xs">
                  <Badge size="xs" variant={message.role === "USER" ? "light" : "filled"}>
                    {message.role === "USER" ? t("session.user") : t("session.assistant")}
                  </Badge>
                  {message.latencyMs !== null && <Text size="xs" c="dimmed">{t("session.latency", { ms: message.latencyMs })}</Text>}
                </Group>
                {message.error
                  ? <Text size="sm" c="red" className="transcript-text">{t("session.targetError")}: {message.error}</Text>
                  : <Text size="sm" className="transcript-text">{message.content}</Text>}
              </Stack>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
