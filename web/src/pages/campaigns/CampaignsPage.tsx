/** Campaigns: the list, and a form for a new one (scenario, targets, repeat k, concurrency). */
import { Anchor, Button, Card, Group, MultiSelect, NumberInput, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { focusFirstError } from "../../components/forms/focusFirstError";
import { StatusBadge } from "../../components/status/StatusBadge";
import { apiErrorFromCombined, errorsAt, fieldErrors } from "../../graphql/errors";
import { CampaignOptionsQuery, CampaignsQuery, CreateCampaignMutation } from "./queries";
import { ListPage } from "../../components/lists/ListPage";
import { pickerOptions } from "../../components/lists/pickerLabels";
import { targetPickerOptions } from "../../components/lists/targetPicker";
import { useListControls, useUrlFilter } from "../../components/lists/useListControls";
import { formatTime } from "../../components/time";
import { useLastData } from "../../graphql/useLastData";
import { useLiveActivity } from "../../graphql/useLiveActivity";

export function CampaignsPage() {
  const { t, i18n } = useTranslation();
  const [scenarioId, setScenarioId] = useUrlFilter("scenario");
  const controls = useListControls("OLDEST_FIRST", scenarioId !== null);
  const [result, refetch] = useQuery({ query: CampaignsQuery, variables: { ...controls.variables, scenarioId }, requestPolicy: "cache-and-network" });
  const [options] = useQuery({ query: CampaignOptionsQuery, requestPolicy: "cache-and-network" });
  const connection = useLastData(result.data)?.campaigns;
  const reread = useCallback(() => refetch({ requestPolicy: "network-only" }), [refetch]);
  useLiveActivity(reread, { runs: true }); // the last run's rates change as runs start and end
  const scenarioOptions = pickerOptions(options.data?.scenarios.edges.map((e) => e.node) ?? [],
    (s) => t("lists.cases", { count: s.caseCount }), // Two imports in the same minute share a time: the id's start always differs.
    (s) => `${t("lists.created", { time: formatTime(s.createdAt, i18n.language) })}, #${s.id.slice(0, 8)}`);
  return (
    <ListPage title={t("campaigns.title")} controls={controls} query={result} connection={connection}
      onRetry={() => refetch({ requestPolicy: "network-only" })}
      filters={(
        <Select label={t("lists.filterScenario")} placeholder={t("list.any")} clearable value={scenarioId} w={240} maw="100%"
          data={scenarioOptions} onChange={(value) => setScenarioId(value)} />
      )}
      empty={t("campaigns.empty")} total={(count) => t("lists.campaignsTotal", { count })}
      head={<>
        <Table.Th>{t("campaigns.name")}</Table.Th>
        <Table.Th>{t("campaigns.lastRun")}</Table.Th>
        <Table.Th>{t("campaigns.scenario")}</Table.Th>
        <Table.Th>{t("campaigns.targets")}</Table.Th>
      </>}
      row={(c) => {
        const last = c.runs[c.runs.length - 1];
        return (
          <Table.Tr key={c.id}>
            <Table.Td><Anchor component={Link} to={`/campaigns/${c.id}`}>{c.name}</Anchor></Table.Td>
            <Table.Td>{last ? <LastRun run={last} /> : t("campaigns.noRuns")}</Table.Td>
            <Table.Td><Anchor component={Link} to={`/scenarios/${c.scenario.id}`}>{c.scenario.name}</Anchor></Table.Td>
            <Table.Td>{c.targets.map((x) => x.name).join(", ")}</Table.Td>
          </Table.Tr>
        );
      }}
      footer={options.data && (
        <NewCampaignForm scenarios={scenarioOptions}
          targets={targetPickerOptions(options.data.targets.edges.map((e) => e.node), t, i18n.language)} />
      )} />
  );
}

interface RunBrief { status: string; createdAt: string; completedAt?: string | null; summary?: { passRate: number; successRate: number } | null }

/** A campaign's last run: its status, rates and when it ended (or started). */
function LastRun({ run }: { run: RunBrief }) {
  const { t, i18n } = useTranslation();
  const percent = (value: number) => `${Math.round(value * 100)}%`;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap"><StatusBadge status={run.status} /></Group>
      {run.summary && <Text size="xs">{t("lists.lastRunRates", { pass: percent(run.summary.passRate), success: percent(run.summary.successRate) })}</Text>}
      <Text size="xs" c="dimmed">{formatTime(run.completedAt ?? run.createdAt, i18n.language)}</Text>
    </Stack>
  );
}

interface Option { value: string; label: string }

function NewCampaignForm({ scenarios, targets }: { scenarios: Option[]; targets: Option[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [scenarioId, setScenarioId] = useState<string | null>(null);
  const [targetIds, setTargetIds] = useState<string[]>([]);
  const [repeat, setRepeat] = useState(1);
  const [concurrency, setConcurrency] = useState(8);
  const [created, create] = useMutation(CreateCampaignMutation);
  const error = created.error ? apiErrorFromCombined(created.error) : null;
  const errors = error ? fieldErrors(error, t) : [];
  const at = (field: string) => errorsAt(errors, field)[0]?.message;

  const card = useRef<HTMLDivElement>(null);
  const submit = async () => {
    const answer = await create({ input: { name, scenarioId: scenarioId ?? "", targetIds, repeat, concurrency } });
    if (answer.data) void navigate(`/campaigns/${answer.data.createCampaign.id}`);
    else if (card.current) focusFirstError(card.current); // the server's refusal, at its first field
  };

  return (
    <Card withBorder maw={720} ref={card}>
      <Title order={3} size="h4">{t("campaigns.new")}</Title>
      {scenarios.length === 0 && <Text size="sm">{t("campaigns.needScenario")} <Anchor component={Link} to="/scenarios">{t("nav.scenarios")}</Anchor></Text>}
      <Stack gap="sm" mt="xs">
        <TextInput label={t("campaigns.name")} withAsterisk value={name} error={at("name")} onChange={(e) => setName(e.currentTarget.value)} />
        <Select label={t("campaigns.scenario")} withAsterisk data={scenarios} value={scenarioId}
          // Nothing picked is "required", not the server's "not a valid id" of the empty string sent.
          error={scenarioId === null && at("scenarioId") ? t("schemaErrors.required") : at("scenarioId")} onChange={setScenarioId} />
        <MultiSelect label={t("campaigns.targets")} placeholder={t("campaigns.pickTargets")} withAsterisk data={targets} value={targetIds} error={at("targetIds")} onChange={setTargetIds} />
        <Group grow>
          <NumberInput label={t("campaigns.repeat")} description={t("campaigns.repeatHint")} min={1} value={repeat}
            error={at("repeat")} onChange={(v) => setRepeat(Number(v) || 1)} />
          <NumberInput label={t("campaigns.concurrency")} min={1} value={concurrency}
            error={at("concurrency")} onChange={(v) => setConcurrency(Number(v) || 1)} />
        </Group>
        {error && <ErrorNotice error={error} />}
        <Group><Button loading={created.fetching} onClick={() => void submit()}>{t("campaigns.create")}</Button></Group>
      </Stack>
    </Card>
  );
}
