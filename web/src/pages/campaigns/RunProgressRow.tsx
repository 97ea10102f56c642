/** One run of a campaign: its live progress bar and counts, cancel while it runs. */
import { Anchor, Button, Checkbox, Group, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { StatusBadge } from "../../components/StatusBadge";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import { CancelRunMutation } from "./queries";
import { TERMINAL, useRunProgress, type RunProgress } from "./useRunProgress";

interface Props {
  run: { id: string; createdAt: string; error?: string | null; target: { name: string } };
  initial: RunProgress;
  picked: boolean;
  onPick(checked: boolean): void;
}

export function RunProgressRow({ run, initial, picked, onPick }: Props) {
  const { t, i18n } = useTranslation();
  const { progress, error } = useRunProgress(run.id, initial);
  const [cancelled, cancel] = useMutation(CancelRunMutation);
  const total = Math.max(progress.total, 1);
  const label = `${run.target.name} · ${formatTime(run.createdAt, i18n.language)}`;
  const rate = progress.done > 0 ? Math.round((progress.passed / progress.done) * 100) : null;
  return (
    <Stack gap={4} p="sm" style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
      aria-label={t("runs.runOf", { label })} role="group">
      <Group justify="space-between">
        <Group gap="sm">
          <Checkbox aria-label={t("runs.pick", { label })} checked={picked} onChange={(e) => onPick(e.currentTarget.checked)} />
          <Anchor component={Link} to={`/runs/${run.id}`}>{label}</Anchor>
          <StatusBadge status={progress.status} />
        </Group>
        {!TERMINAL.has(progress.status) && (
          <Button size="xs" variant="light" color="red" loading={cancelled.fetching}
            onClick={() => void cancel({ runId: run.id })}>{t("runs.cancel")}</Button>
        )}
      </Group>
      <Progress.Root size="lg" aria-hidden>
        <Progress.Section value={(progress.passed / total) * 100} color="green" />
        <Progress.Section value={(progress.failed / total) * 100} color="red" />
        <Progress.Section value={(progress.errored / total) * 100} color="orange" />
      </Progress.Root>
      <Text size="sm" aria-live="polite" data-testid="run-progress">
        {t("runs.progress", { ...progress })}{rate !== null ? ` · ${t("runs.rate", { rate })}` : ""}
      </Text>
      {run.error && <Text size="sm" c="red">{run.error}</Text>}
      {error && <ErrorNotice error={error} />}
      {cancelled.error && <ErrorNotice error={apiErrorFromCombined(cancelled.error)} />}
    </Stack>
  );
}
