/** A monitor's hits (red lines at once, rules failed at close), filterable by rule, tag and day (kept in the address). */
import { Anchor, Badge, Card, Group, Select, Table, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { TableScroll } from "../../components/layout/TableScroll";
import { useUrlFilter } from "../../components/lists/useListControls";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined } from "../../graphql/errors";
import { useLastData } from "../../graphql/useLastData";
import { conversationLink } from "./alerts";
import { filterChoices, filterHits, hitsOf, tagsOf } from "./hits";
import { HitsQuery } from "./queries";
import { useMonitoringRefresh } from "./useMonitoringRefresh";

const SHOWN = 100;

export function HitsList({ monitorId, sourceId }: { monitorId: string; sourceId: string | null }) {
  const { t, i18n } = useTranslation();
  const [rule, setRule] = useUrlFilter("rule");
  const [tag, setTag] = useUrlFilter("tag");
  const [day, setDay] = useUrlFilter("day");
  const [result, refetch] = useQuery({ query: HitsQuery, variables: { monitorId, sourceId }, requestPolicy: "cache-and-network" });
  const reread = useMonitoringRefresh(refetch);
  const data = useLastData(result.data);
  const { hits, tags, names } = useMemo(() => {
    const conversations = data?.monitoredConversations ?? [];
    return {
      hits: hitsOf(data?.redLineHits ?? [], data?.monitorVerdicts ?? []),
      tags: new Map(conversations.map((c) => [c.id, tagsOf(c.metadata)])),
      names: new Map(conversations.map((c) => [c.id, c.externalId])),
    };
  }, [data]);
  const choices = filterChoices(hits, tags);
  const shown = filterHits(hits, { rule, tag, day }, tags);
  return (
    <Card withBorder component="section" aria-label={t("monitoring.hits")}>
      <Title order={3} size="h4">{t("monitoring.hits")}</Title>
      <Text size="sm" c="dimmed" mb="xs">{t("monitoring.hitsIntro")}</Text>
      <Group gap="sm" align="end" wrap="wrap" mb="sm">
        <Select label={t("monitoring.filterRule")} placeholder={t("monitoring.allRules")} clearable w={220} maw="100%"
          data={choices.rules} value={rule} onChange={setRule} />
        <Select label={t("monitoring.filterTag")} placeholder={t("monitoring.allTags")} clearable searchable w={200} maw="100%"
          data={choices.tags} value={tag} onChange={setTag} />
        <Select label={t("monitoring.filterDay")} placeholder={t("monitoring.allDays")} clearable w={160} maw="100%"
          data={choices.days} value={day} onChange={setDay} />
        {data && <Text size="sm" c="dimmed" aria-live="polite">{t("monitoring.hitsShown", { shown: Math.min(shown.length, SHOWN), count: hits.length })}</Text>}
      </Group>
      {result.error && !data && <ErrorNotice error={apiErrorFromCombined(result.error)} onRetry={reread} />}
      {!data && !result.error && <Loading />}
      {data && hits.length === 0 && <Text size="sm">{t("monitoring.hitsEmpty")}</Text>}
      {data && hits.length > 0 && shown.length === 0 && <Text size="sm">{t("monitoring.hitsFiltered")}</Text>}
      {shown.length > 0 && (
        <TableScroll minWidth={820} label={t("monitoring.hits")}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("monitoring.when")}</Table.Th>
                <Table.Th>{t("monitoring.kind")}</Table.Th>
                <Table.Th>{t("monitoring.rule")}</Table.Th>
                <Table.Th>{t("monitoring.conversation")}</Table.Th>
                <Table.Th>{t("monitoring.quote")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.slice(0, SHOWN).map((h) => (
                <Table.Tr key={h.key}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatTime(h.at, i18n.language)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Badge size="sm" variant="light" style={{ flexShrink: 0, overflow: "visible" }} color={h.kind === "redLine" ? "red" : "orange"}>
                      {h.kind === "redLine" ? t("monitoring.kindRedLine") : t("monitoring.kindAtClose")}
                    </Badge>
                  </Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{h.ruleType}</Text></Table.Td>
                  <Table.Td>
                    <Anchor size="sm" component={Link} to={conversationLink(h.conversationId, h.turn)}>
                      {names.get(h.conversationId) ?? h.conversationId.slice(0, 8)}
                    </Anchor>
                    <Text size="xs" c="dimmed">{h.turn === null ? t("monitoring.wholeConversation") : t("monitoring.turnN", { n: h.turn + 1 })}</Text>
                  </Table.Td>
                  <Table.Td><Text size="sm" lineClamp={3} style={{ wordBreak: "break-word" }}>{h.quote ?? "—"}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Card>
  );
}
