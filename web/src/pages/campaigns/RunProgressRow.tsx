/** One run of a campaign: its live progress bar and counts, cancel while it runs, model usage; ADMIN deletes a finished one. */
import { Anchor, Checkbox, Group, Progress, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMutation } from "urql";
import { ConfirmAction } from "../../components/actions/ConfirmAction";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { ErrorNotice } from "../../components/ErrorNotice";
import { OfflineBadge } from "../../components/status/OfflineBadge";
import { StatusBadge } from "../../components/status/StatusBadge";
import { formatTime } from "../../components/time";
import type { UsageData } from "../../components/usage";
import { UsageSummary } from "../../components/UsageSummary";
import { apiErrorFromCombined } from "../../graphql/errors";
import { CancelRunMutation, DeleteRunMutation } from "./queries";
import { TERMINAL, useRunProgress, type RunProgress } from "./useRunProgress";

interface Props {
  run: { id: string; createdAt: string; error?: string | null; offline?: boolean; target: { name: string }; usage?: UsageData | null };
  initial: RunProgress;
  picked: boolean;
  onPick(checked: boolean): void;
  /** Offer Delete once the run is finished (ADMIN keys only). */
  canDelete: boolean;
  /** The run ended while watched, or was deleted: the campaign re-reads its runs. */
  onChanged(): void;
}

export function RunProgressRow({ run, initial, picked, onPick, canDelete, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const { progress, error } = useRunProgress(run.id, initial);
  const [, cancel] = useMutation(CancelRunMutation);
  const [, runDelete] = useMutation(DeleteRunMutation);
  const finished = TERMINAL.has(progress.status);
  const finishedWhileWatched = finished && !TERMINAL.has(initial.status);
  // Usage is read with the campaign: read it again once a watched run is over.
  useEffect(() => { if (finishedWhileWatched) onChanged(); }, [finishedWhileWatched, onChanged]);
  const total = Math.max(progress.total, 1);
  const label = `${run.target.name} · ${formatTime(run.createdAt, i18n.language)}`;
  const rate = progress.done > 0 ? Math.round((progress.passed / progress.done) * 100) : null;
  return (
    <Stack gap={4} p="sm" style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
      aria-label={t("runs.runOf", { label })} role="group">
      <Group justify="space-between">
        <Group gap="sm">
          <Checkbox aria-label={t("runs.pick", { label })} checked={picked} onChange={(e) => onPick(e.currentTarget.checked)} />
          <Anchor component={Link} to={`/runs/${run.id}`}>{t("runs.reportLink", { label })}</Anchor>
          <StatusBadge status={progress.status} />
          <OfflineBadge offline={run.offline} />
        </Group>
        {!finished && (
          <ConfirmAction size="xs" button={t("runs.cancel")} label={t("safe.cancelRunLabel", { label })}
            title={t("safe.cancelRunTitle", { label })} consequence={t("safe.cancelRunConsequence")}
            confirm={t("safe.cancelRunConfirm")}
            onConfirm={async () => {
              const result = await cancel({ runId: run.id });
              return result.error ? apiErrorFromCombined(result.error) : null;
            }} />
        )}
        {finished && canDelete && (
          <ConfirmDelete size="xs" label={t("ops.delete.runLabel", { label })} title={t("ops.delete.runTitle", { label })}
            consequence={t("ops.delete.runConsequence")}
            onConfirm={async () => {
              const result = await runDelete({ id: run.id });
              if (result.error) return apiErrorFromCombined(result.error);
              onChanged();
              return null;
            }} />
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
      {run.usage && (
        <Text size="sm" component="div" c="dimmed">
          {t("ops.usage.run")}: <UsageSummary usage={run.usage} inline testId="run-usage" />
        </Text>
      )}
      {run.error && <Text size="sm" c="red">{run.error}</Text>}
      {error && <ErrorNotice error={error} />}
    </Stack>
  );
}
