/** One campaign: start runs, each run's live progress, cancel, its pass/success trend, and pick 2–10 runs to compare. */
import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import { useIsAdmin } from "../../graphql/useIsAdmin";
import { readFragment } from "../../graphql/graphql";
import { CampaignQuery, ProgressFields, StartRunMutation } from "./queries";
import { RunProgressRow } from "./RunProgressRow";
import { TERMINAL } from "./useRunProgress";

const TrendChart = lazy(() => import("./TrendChart"));
/** As many runs as the compare page takes. */
const MAX_COMPARED = 10;

export function CampaignPage() {
  const { campaignId = "" } = useParams();
  const { t, i18n } = useTranslation();
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
  const trend = campaign.runs.filter((run) => run.summary && TERMINAL.has(run.status)).map((run) => ({
    label: formatTime(run.createdAt, i18n.language), pass: run.summary!.passRate * 100, success: run.summary!.successRate * 100,
  }));
  const startRuns = async () => {
    const answer = await start({ campaignId });
    if (!answer.error) refetch({ requestPolicy: "network-only" });
  };
  const pick = (runId: string, checked: boolean) =>
    setPicked((list) => (checked ? [...list.filter((id) => id !== runId), runId].slice(-MAX_COMPARED) : list.filter((id) => id !== runId)));
  // The oldest picked run is the base; the page can make any other the base.
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
        <Button variant="default" disabled={ordered.length < 2}
          onClick={() => void navigate(`/compare?runs=${ordered.join(",")}`)}>{t("runs.compare")}</Button>
        {ordered.length < 2 && runs.length > 1 && <Text size="sm" c="dimmed">{t("runs.pickTwo")}</Text>}
      </Group>
      {started.error && <ErrorNotice error={apiErrorFromCombined(started.error)} />}
      <Suspense fallback={null}><TrendChart points={trend} /></Suspense>
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
