/** One campaign: start runs, each run's live progress, cancel, and pick two runs to compare. */
import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { apiErrorFromCombined } from "../../graphql/errors";
import { useIsAdmin } from "../../graphql/useIsAdmin";
import { readFragment } from "../../graphql/graphql";
import { CampaignQuery, ProgressFields, StartRunMutation } from "./queries";
import { RunProgressRow } from "./RunProgressRow";

export function CampaignPage() {
  const { campaignId = "" } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [result, refetch] = useQuery({ query: CampaignQuery, variables: { id: campaignId }, requestPolicy: "network-only" });
  const [started, start] = useMutation(StartRunMutation);
  const [picked, setPicked] = useState<string[]>([]);
  const campaign = result.data?.campaign;
  const isAdmin = useIsAdmin();
  const reread = useCallback(() => refetch({ requestPolicy: "network-only" }), [refetch]);

  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  if (!campaign) return <Text>{t("campaigns.notFound")}</Text>;

  const runs = [...campaign.runs].reverse(); // newest first
  const startRuns = async () => {
    const answer = await start({ campaignId });
    if (!answer.error) refetch({ requestPolicy: "network-only" });
  };
  const pick = (runId: string, checked: boolean) =>
    setPicked((list) => (checked ? [...list.filter((id) => id !== runId), runId].slice(-2) : list.filter((id) => id !== runId)));
  // The older of the two is the base.
  const ordered = campaign.runs.map((r) => r.id).filter((id) => picked.includes(id));

  return (
    <Stack>
      <Title order={2}>{t("campaigns.titleOne", { name: campaign.name })}</Title>
      <Text size="sm">
        {t("campaigns.scenario")}: <Anchor component={Link} to={`/scenarios/${campaign.scenario.id}`}>{campaign.scenario.name}</Anchor>
        {" · "}{t("campaigns.summary", { cases: campaign.scenario.caseCount, repeat: campaign.repeat, concurrency: campaign.concurrency })}
        {" · "}{t("campaigns.targets")}: {campaign.targets.map((x) => x.name).join(", ")}
      </Text>
      <Group>
        <Button loading={started.fetching} onClick={() => void startRuns()}>{t("runs.start")}</Button>
        <Button variant="default" disabled={ordered.length !== 2}
          onClick={() => void navigate(`/compare?base=${ordered[0]}&head=${ordered[1]}`)}>{t("runs.compare")}</Button>
        {ordered.length !== 2 && runs.length > 1 && <Text size="sm" c="dimmed">{t("runs.pickTwo")}</Text>}
      </Group>
      {started.error && <ErrorNotice error={apiErrorFromCombined(started.error)} />}
      <Title order={3} size="h4">{t("runs.title")}</Title>
      {runs.length === 0 && <Text>{t("runs.empty")}</Text>}
      {runs.map((run) => (
        <RunProgressRow key={run.id} run={run} initial={readFragment(ProgressFields, run.progress)}
          picked={picked.includes(run.id)} onPick={(checked) => pick(run.id, checked)}
          canDelete={isAdmin} onChanged={reread} />
      ))}
    </Stack>
  );
}
