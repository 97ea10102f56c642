/** Probe (one message, the reply or the error) and delete (CONFLICT while runs or evals use it). */
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { apiErrorFromCombined } from "../../graphql/errors";
import { DeleteTargetMutation, ProbeTargetMutation } from "./queries";

export function TargetActions({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [message, setMessage] = useState("ping");
  const [probe, runProbe] = useMutation(ProbeTargetMutation);
  const [deletion, runDelete] = useMutation(DeleteTargetMutation);
  const [confirming, setConfirming] = useState(false);
  const answer = probe.data?.probeTarget;
  const deleteError = deletion.error ? apiErrorFromCombined(deletion.error) : null;

  const remove = async () => {
    const result = await runDelete({ id: targetId });
    if (!result.error) void navigate("/targets");
  };

  return (
    <Stack mt="lg">
      <Card withBorder>
        <Title order={3} size="h4">{t("targets.probe")}</Title>
        <Group align="end" mt="xs">
          <TextInput label={t("targets.probeMessage")} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
          <Button variant="light" loading={probe.fetching} onClick={() => void runProbe({ id: targetId, message })}>
            {t("targets.probe")}
          </Button>
        </Group>
        {probe.error && <ErrorNotice error={apiErrorFromCombined(probe.error)} />}
        {answer && (
          <Alert mt="sm" color={answer.ok ? "green" : "red"} role="status"
            styles={{ title: { color: "var(--mantine-color-text)" } }}
            title={answer.ok ? t("targets.probeOk", { ms: answer.latencyMs ?? "?" }) : t("targets.probeFailed")}>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>{answer.ok ? answer.reply : answer.error}</Text>
          </Alert>
        )}
      </Card>
      <Card withBorder>
        <Title order={3} size="h4">{t("targets.delete")}</Title>
        {!confirming && <Button mt="xs" color="red" variant="light" onClick={() => setConfirming(true)}>{t("targets.delete")}</Button>}
        {confirming && (
          <Group mt="xs">
            <Text size="sm">{t("targets.deleteConfirm")}</Text>
            <Button color="red" loading={deletion.fetching} onClick={() => void remove()}>{t("targets.deleteYes")}</Button>
            <Button variant="default" onClick={() => setConfirming(false)}>{t("common.no")}</Button>
          </Group>
        )}
        {deleteError && <ErrorNotice error={deleteError} />}
        {deleteError?.code === "CONFLICT" && <Text size="sm" mt="xs">{t("targets.inUse")}</Text>}
      </Card>
    </Stack>
  );
}
