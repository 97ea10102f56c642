/** Home: what is here (counts, the newest evals and runs) and the two things to try first. */
import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { OfflineBadge } from "../../components/status/OfflineBadge";
import { StatusBadge } from "../../components/status/StatusBadge";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import { useLiveActivity } from "../../graphql/useLiveActivity";
import { HomeQuery } from "./queries";

export function HomePage() {
  const { t, i18n } = useTranslation();
  const [result, refetch] = useQuery({ query: HomeQuery, requestPolicy: "cache-and-network" });
  const reread = useCallback(() => refetch({ requestPolicy: "network-only" }), [refetch]);
  useLiveActivity(reread, { runs: true, evals: true }); // the newest runs and evals, as they start and end
  const data = result.data;
  const evals = data?.intelligentEvals.edges.map((e) => e.node) ?? [];
  const runs = (data?.runs.edges.map((e) => e.node) ?? []).slice(-5).reverse();
  const waiting = data?.waiting.edges[0]?.node;
  const campaign = data?.campaigns.edges[0]?.node;

  return (
    <Stack>
      <Title order={2}>{t("home.title")}</Title>
      <Text>{t("home.intro")}</Text>
      {result.error && <ErrorNotice error={apiErrorFromCombined(result.error)} />}
      {!data && result.fetching && <Loading />}
      <Card withBorder>
        <Title order={3} size="h4">{t("home.tryFirst")}</Title>
        <List type="ordered" mt="xs" spacing="xs">
          <List.Item>
            {waiting
              ? <Anchor component={Link} to={`/evals/${waiting.id}`}>{t("home.approve", { name: waiting.name })}</Anchor>
              : <Anchor component={Link} to="/evals">{t("home.approveNone")}</Anchor>}
            <Text size="sm" c="dimmed">{t("home.approveHint")}</Text>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={campaign ? `/campaigns/${campaign.id}` : "/campaigns"}>
              {t("home.startCampaign")}
            </Anchor>
            <Text size="sm" c="dimmed">{t("home.startCampaignHint")}</Text>
          </List.Item>
        </List>
      </Card>
      {data && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Group justify="space-between">
              <Title order={3} size="h4">{t("home.evals", { count: data.intelligentEvals.totalCount })}</Title>
              <Anchor component={Link} to="/evals">{t("home.allEvals")}</Anchor>
            </Group>
            {evals.length === 0 && <Text size="sm">{t("home.noEvals")}</Text>}
            <Stack gap={6} mt="xs">
              {evals.map((e) => (
                <Group key={e.id} justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`/evals/${e.id}`}>{e.name}</Anchor>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="xs" c="dimmed">{formatTime(e.createdAt, i18n.language)}</Text>
                    <StatusBadge status={e.status} />
                  </Group>
                </Group>
              ))}
            </Stack>
          </Card>
          <Card withBorder>
            <Group justify="space-between">
              <Title order={3} size="h4">{t("home.runs", { count: data.runs.totalCount })}</Title>
              <Anchor component={Link} to="/campaigns">{t("home.allCampaigns")}</Anchor>
            </Group>
            {runs.length === 0 && <Text size="sm">{t("home.noRuns")}</Text>}
            <Stack gap={6} mt="xs">
              {runs.map((r) => (
                <Group key={r.id} justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`/runs/${r.id}`}>{`${r.campaign.name} → ${r.target.name}`}</Anchor>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="xs" c="dimmed">{formatTime(r.createdAt, i18n.language)}</Text>
                    <OfflineBadge offline={r.offline} />
                    <StatusBadge status={r.status} />
                  </Group>
                </Group>
              ))}
            </Stack>
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}
