/** The eval's events, newest first, as they stream in: what happened, who, when (eventRows.ts). */
import { Badge, Group, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../components/time";
import { eventRows } from "./eventRows";
import type { EvalEvent } from "./useEvalLive";

export function EventTimeline({ events }: { events: readonly EvalEvent[] }) {
  const { t, i18n } = useTranslation();
  const rows = useMemo(() => eventRows(events, i18n.language), [events, i18n.language]);
  return (
    <Stack gap={6} component="ol" aria-label={t("manage.events")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {rows.map((row) => (
        // On a narrow screen the sentence wraps under the time and type; the type's badge keeps its word.
        <Group key={row.key} gap="xs" component="li" wrap="wrap" align="start">
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Text size="xs" c="dimmed" component="time" dateTime={row.at}>
              {formatTime(row.at, i18n.language)}{row.until ? ` – ${formatTime(row.until, i18n.language)}` : ""}
            </Text>
            <Badge size="sm" variant="outline" className="status-badge">{t(`event.${row.type}` as "event.CREATED", { defaultValue: row.type })}</Badge>
          </Group>
          <Text size="sm" style={{ wordBreak: "break-word", flex: "1 1 240px", minWidth: 0 }}>
            {row.what}
            {row.who && <Text span size="xs" c="dimmed"> · {t("timeline.who", { who: row.who })}</Text>}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
