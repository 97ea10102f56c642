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
        // On a narrow screen the detail wraps under the number, type and time; the type's badge keeps its word.
        <Group key={event.sequence} gap="xs" component="li" wrap="wrap" align="start">
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Text size="xs" c="dimmed" w={36}>#{event.sequence}</Text>
            <Badge size="sm" variant="outline" className="status-badge">{t(`event.${event.type}`)}</Badge>
            <Text size="xs" c="dimmed">{formatTime(event.at, i18n.language)}</Text>
          </Group>
          <Text size="xs" style={{ wordBreak: "break-word", flex: "1 1 240px", minWidth: 0 }}>{detailText(event.detail)}</Text>
        </Group>
      ))}
    </Stack>
  );
}
