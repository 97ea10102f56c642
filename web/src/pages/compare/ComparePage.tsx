/** Compare two runs: metric deltas, regressions and improvements linking to both reports. */
import { Alert, Anchor, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { apiErrorFromCombined } from "../../graphql/errors";
import { graphql } from "../../graphql/graphql";
import { TableScroll } from "../../components/layout/TableScroll";

const CompareQuery = graphql(`
  query ComparePage($base: ID!, $head: ID!) {
    compareRuns(baseRunId: $base, headRunId: $head) {
      passRateDelta successRateDelta unchangedCount warnings
      base { id createdAt campaign { name } target { name } summary { passRate successRate } }
      head { id createdAt campaign { name } target { name } summary { passRate successRate } }
      regressions { caseKey base { successLevel score } head { successLevel score } }
      improvements { caseKey base { successLevel score } head { successLevel score } }
    }
  }
`);

const signed = (delta: number) => `${delta >= 0 ? "+" : ""}${Math.round(delta * 1000) / 10} pp`;

export function ComparePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const base = params.get("base") ?? "";
  const head = params.get("head") ?? "";
  const [result] = useQuery({ query: CompareQuery, variables: { base, head }, pause: !base || !head });
  if (!base || !head) return <Text>{t("compare.pick")}</Text>;
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  const c = result.data.compareRuns;
  const runLabel = (run: typeof c.base) => `${run.campaign.name} → ${run.target.name} (${run.createdAt.slice(0, 19).replace("T", " ")})`;
  const diffs = (title: string, list: typeof c.regressions) => (
    <Card withBorder>
      <Title order={3} size="h4">{title}</Title>
      {list.length === 0 ? <Text size="sm">{t("compare.none")}</Text> : (
        <TableScroll>
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr><Table.Th>{t("compare.case")}</Table.Th><Table.Th>{t("compare.base")}</Table.Th><Table.Th>{t("compare.head")}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((d) => (
              <Table.Tr key={d.caseKey}>
                <Table.Td>{d.caseKey}</Table.Td>
                <Table.Td><Anchor component={Link} to={`/runs/${c.base.id}`}>{t(`run.tier.${d.base.successLevel}`)} {d.base.score.toFixed(2)}</Anchor></Table.Td>
                <Table.Td><Anchor component={Link} to={`/runs/${c.head.id}`}>{t(`run.tier.${d.head.successLevel}`)} {d.head.score.toFixed(2)}</Anchor></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </TableScroll>
      )}
    </Card>
  );
  return (
    <Stack>
      <Title order={2}>{t("compare.title")}</Title>
      {(c.warnings ?? []).map((w, i) => <Alert key={i} color="yellow" title={t("compare.warning")}>{w}</Alert>)}
      <Group gap="xl">
        <Text>{t("compare.base")}: <Anchor component={Link} to={`/runs/${c.base.id}`}>{runLabel(c.base)}</Anchor></Text>
        <Text>{t("compare.head")}: <Anchor component={Link} to={`/runs/${c.head.id}`}>{runLabel(c.head)}</Anchor></Text>
      </Group>
      <Group gap="xl">
        <Text fw={600}>{t("run.passRate")}: {signed(c.passRateDelta)}</Text>
        <Text fw={600}>{t("run.l3")}: {signed(c.successRateDelta)}</Text>
        <Text>{t("compare.unchanged", { count: c.unchangedCount })}</Text>
      </Group>
      {diffs(t("compare.regressions"), c.regressions)}
      {diffs(t("compare.improvements"), c.improvements)}
    </Stack>
  );
}
