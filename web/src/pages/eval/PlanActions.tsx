/** 批准 / 打回 / 取消, offered as allowedActions says; the server still checks the role. */
import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { ConfirmAction } from "../../components/actions/ConfirmAction";
import { ErrorNotice } from "../../components/ErrorNotice";
import type { UsageData } from "../../components/usage";
import { UsageSummary } from "../../components/UsageSummary";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { ApproveMutation, CancelMutation, RejectMutation } from "./queries";

interface Props {
  evalId: string;
  /** Named in the cancel confirmation. */
  evalName: string;
  allowed: readonly string[];
  /** What the plan will cost: shown beside Approve, so the cost is read before deciding. */
  costEstimate?: UsageData | null;
  onDone(): void;
}

export function PlanActions({ evalId, evalName, allowed, costEstimate, onDone }: Props) {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  const [approve, runApprove] = useMutation(ApproveMutation);
  const [reject, runReject] = useMutation(RejectMutation);
  const [, runCancel] = useMutation(CancelMutation);

  const finish = (result: { error?: Parameters<typeof apiErrorFromCombined>[0] }) => {
    setError(result.error ? apiErrorFromCombined(result.error) : null);
    if (!result.error) onDone();
  };

  return (
    <Stack>
      {allowed.includes("APPROVE") && (
        <Group align="center">
          <Button loading={approve.fetching} onClick={async () => finish(await runApprove({ evalId }))}>
            {t("actions.approve")}
          </Button>
          <Paper withBorder px="sm" py={6} component="section" aria-label={t("ops.usage.estimate")}>
            <Text size="xs" fw={700}>{t("ops.usage.estimate")}</Text>
            {costEstimate ? <UsageSummary usage={costEstimate} testId="cost-estimate" />
              : <Text size="sm">{t("ops.usage.noEstimate")}</Text>}
            <Text size="xs" c="dimmed">{t("ops.usage.estimateHint")}</Text>
          </Paper>
        </Group>
      )}
      {allowed.includes("REJECT") && (
        <Stack gap="xs">
          <Textarea label={t("actions.feedback")} description={t("actions.feedbackHint")} value={feedback} required
            autosize minRows={2} onChange={(e) => setFeedback(e.currentTarget.value)} />
          <Group>
            <Button color="red.9" variant="outline" disabled={!feedback.trim()} loading={reject.fetching}
              onClick={async () => {
                const result = await runReject({ evalId, feedback: feedback.trim() });
                if (!result.error) setFeedback("");
                finish(result);
              }}>
              {t("actions.reject")}
            </Button>
          </Group>
        </Stack>
      )}
      {allowed.includes("CANCEL") && (
        <Group>
          <ConfirmAction variant="outline" button={t("actions.cancel")} title={t("safe.cancelEvalTitle", { name: evalName })}
            consequence={t("safe.cancelEvalConsequence")} confirm={t("safe.cancelEvalConfirm")}
            onConfirm={async () => {
              const result = await runCancel({ evalId, reason: reason.trim() || null });
              if (result.error) return apiErrorFromCombined(result.error);
              onDone();
              return null;
            }}>
            <TextInput label={t("actions.cancelReason")} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          </ConfirmAction>
        </Group>
      )}
      {error && <ErrorNotice error={error} />}
    </Stack>
  );
}
