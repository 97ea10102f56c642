/** The keys, always visible on a screen with room for them (a phone is tapped): a reviewer learns them from the page. */
import { Group, Kbd, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function KeyLegend() {
  const { t } = useTranslation();
  const rows: [string[], string][] = [
    [["j", "→", "k", "←"], t("workbench.work.keys.move")],
    [["1", "2", "3"], t("workbench.work.keys.top")],
    [["y", "n"], t("workbench.work.keys.yn")],
    [["e"], t("workbench.work.keys.note")],
    [["Enter", "s"], t("workbench.work.keys.submit")],
    [["c"], t("workbench.work.keys.claim")],
  ];
  return (
    <Paper withBorder p="xs" className="key-legend" component="aside" visibleFrom="sm" aria-label={t("workbench.work.legend")}>
      <Text size="xs" fw={700} mb={4}>{t("workbench.work.legend")}</Text>
      <Group gap="md">
        {rows.map(([keys, what]) => (
          <Group key={what} gap={4} wrap="nowrap">
            {keys.map((k) => <Kbd key={k}>{k}</Kbd>)}
            <Text size="xs">{what}</Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
