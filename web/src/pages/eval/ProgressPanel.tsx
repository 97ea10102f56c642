/** Live progress: sessions, turns against the budget, overruns, dimensions covered. */
import { Badge, Group, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export interface ProgressData {
  sessionsPlanned: number;
  sessionsStarted: number;
  sessionsRunning: number;
  sessionsClosed: number;
  turnsUsed: number;
  turnBudget: number | null;
  budgetOverruns: number;
  dimensionsCovered: readonly string[];
  dimensionsPlanned: readonly string[];
}

export function ProgressPanel({ progress }: { progress: ProgressData }) {
  const { t } = useTranslation();
  const planned = Math.max(progress.sessionsPlanned, 1);
  const closedPercent = Math.min(100, (progress.sessionsClosed / planned) * 100);
  const stat = (label: string, value: string | number) => (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={600} data-testid={`progress-${label}`}>{value}</Text>
    </div>
  );
  return (
    <Stack gap="sm">
      <Progress value={closedPercent} size="lg" aria-hidden />
      <Text size="sm" aria-live="polite">
        {t("progress.summary", { closed: progress.sessionsClosed, count: progress.sessionsPlanned })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {stat(t("progress.started"), progress.sessionsStarted)}
        {stat(t("progress.running"), progress.sessionsRunning)}
        {stat(t("progress.closed"), progress.sessionsClosed)}
        {stat(t("progress.turns"), progress.turnBudget ? `${progress.turnsUsed} / ${progress.turnBudget}` : progress.turnsUsed)}
        {stat(t("progress.overruns"), progress.budgetOverruns)}
      </SimpleGrid>
      <Group gap="xs">
        <Text size="sm">{t("progress.dimensions")}:</Text>
        {progress.dimensionsPlanned.map((d) => (
          <Badge key={d} variant={progress.dimensionsCovered.includes(d) ? "filled" : "outline"}>
            {progress.dimensionsCovered.includes(d) ? "✓ " : ""}{d}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
