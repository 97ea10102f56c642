import { List, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export type SkippedCase = { readonly caseKey: string; readonly reason: string };

/** The scenario's cases an offline run left out because they cannot judge a log, each with why. */
export function OfflineSkipped({ skipped }: { skipped: readonly SkippedCase[] | null | undefined }) {
  const { t } = useTranslation();
  if (!skipped || skipped.length === 0) return null;
  const title = t("offlineSkipped.title", { count: skipped.length });
  return (
    <Stack gap={4} role="region" aria-label={title}>
      <Text size="sm" fw={600}>{title}</Text>
      <Text size="xs" c="dimmed">{t("offlineSkipped.hint")}</Text>
      <List size="sm">
        {skipped.map((item) => (
          <List.Item key={item.caseKey}>
            <Text span ff="monospace" size="sm">{item.caseKey}</Text> — {item.reason}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
