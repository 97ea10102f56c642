/** The eval's events, newest first, as they stream in. */
import { Badge, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../components/time";
import type { EvalEvent } from "./useEvalLive";

function detailText(detail: unknown): string {
  if (detail === null || detail === undefined) return "";
  if (typeof detail === "string") return detail;
  const text = JSON.stringify(detail);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function EventTimeline({ events }: { events: readonly EvalEvent[] }) {
  const { t, i18n } = useTranslation();
  const newestFirst = [...events].reverse().slice(0, 200);
  return (
    <Stack gap={4} component="ol" aria-label={t("manage.events")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {newestFirst.map((event) => (
        <Group key={event.sequence} gap="xs" component="li" wrap="nowrap" align="start">
          <Text size="xs" c="dimmed" w={36}>#{event.sequence}</Text>
          <Badge size="sm" variant="outline">{t(`event.${event.type}`)}</Badge>
          <Text size="xs" c="dimmed">{formatTime(event.at, i18n.language)}</Text>
          <Text size="xs" style={{ wordBreak: "break-word" }}>{detailText(event.detail)}</Text>
        </Group>
      ))}
    </Stack>
  );
}
