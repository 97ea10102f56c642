/** One campaign: start runs, each run's live progress, cancel, its pass/success trend, and pick 2–10 runs to compare. */
import { Anchor, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { ListPager } from "../../components/lists/ListPager";
import { ListToolbar } from "../../components/lists/ListToolbar";
import { localPage } from "../../components/lists/localList";
import { useListControls, useUrlFilter } from "../../components/lists/useListControls";
import { Loading } from "../../components/Loading";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import { useIsAdmin } from "../../graphql/useIsAdmin";
import { readFragment } from "../../graphql/graphql";
import { CampaignQuery, ProgressFields, StartRunMutation } from "./queries";
import { RunProgressRow } from "./RunProgressRow";
import { TERMINAL } from "./useRunProgress";
import { useLiveActivity } from "../../graphql/useLiveActivity";

const TrendChart = lazy(() => import("./TrendChart"));
/** As many runs as the compare page takes. */
const MAX_COMPARED = 10;
const RUN_STATUSES = ["QUEUED", "RUNNING", "COMPLETED", "CANCELLED", "FAILED"] as const;

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
  useLiveActivity(reread, { runs: true }); // runs started elsewhere (CLI, API, another tab) appear and end
  // The campaign query holds every run (the trend chart needs them all): the list is searched
  // (by target name), filtered, sorted and paged here, so only a page of rows goes live.
  const [status, setStatus] = useUrlFilter("status");
  const controls = useListControls("NEWEST_FIRST", !!status);

  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  if (!campaign) return <Text>{t("campaigns.notFound")}</Text>;

  const runs = [...campaign.runs].reverse(); // newest first
  const page = localPage(runs.filter((run) => !status || run.status === status), controls.variables,
    { name: (run) => run.target.name, created: (run) => run.createdAt });
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
        {" · "}{t("campaigns.summary", { count: campaign.scenario.caseCount, repeat: campaign.repeat, concurrency: campaign.concurrency })}
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
      {runs.length > 0 && (
        <ListToolbar controls={controls} searchLabel={t("smallLists.searchTarget")}>
          <Select label={t("smallLists.filterStatus")} placeholder={t("list.any")} clearable value={status} w={180} maw="100%"
            data={RUN_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(value) => setStatus(value)} />
        </ListToolbar>
      )}
      {runs.length > 0 && page.rows.length === 0 && <Text size="sm" c="dimmed">{t("lists.noMatch")}</Text>}
      {page.rows.map((run) => (
        <RunProgressRow key={run.id} run={run} initial={readFragment(ProgressFields, run.progress)}
          picked={picked.includes(run.id)} onPick={(checked) => pick(run.id, checked)}
          canDelete={isAdmin} onChanged={reread} />
      ))}
      {runs.length > 0 && <ListPager controls={controls} connection={page.connection}
        total={t("smallLists.runsTotal", { count: page.connection.totalCount })} />}
    </Stack>
  );
}
