/** One scenario: its cases with messages, expectation, rules and thresholds (read-only). */
import { Badge, Button, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import { CaseOriginLine } from "../../components/regression/CaseOriginLine";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { apiErrorFromCombined } from "../../graphql/errors";
import { ExportButtons } from "./ExportButtons";
import { ScenarioQuery } from "./queries";

export function ScenarioPage() {
  const { scenarioId = "" } = useParams();
  const { t } = useTranslation();
  const [result] = useQuery({ query: ScenarioQuery, variables: { id: scenarioId } });
  if (result.error) return <ErrorNotice error={apiErrorFromCombined(result.error)} />;
  if (!result.data) return <Loading />;
  const scenario = result.data.scenario;
  if (!scenario) return <Text>{t("scenarios.notFound")}</Text>;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{scenario.name}</Title>
        <Group>
          <ExportButtons scenarioId={scenario.id} name={scenario.name} />
          <Button component={Link} to={`/scenarios/${scenario.id}/edit`} variant="light">{t("scenarios.edit")}</Button>
          <Button component={Link} to="/campaigns">{t("scenarios.useInCampaign")}</Button>
        </Group>
      </Group>
      {scenario.description && <Text>{scenario.description}</Text>}
      <Title order={3} size="h4">{t("scenarios.caseCount", { count: scenario.caseCount })}</Title>
      {scenario.cases.map((c) => (
        <Card key={c.key} withBorder padding="sm">
          <Group gap="xs">
            <Text fw={600}>{c.key}</Text>
            <Badge variant="light">{c.type}</Badge>
            {c.tags.map((tag) => <Badge key={tag} variant="outline" size="sm">{tag}</Badge>)}
          </Group>
          {c.simulated && (
            <Text size="sm" mt="xs">
              {t("scenarios.simulated", { goal: c.simulated.goal, simulator: c.simulated.simulator, max: c.simulated.maxTurns })}
              {" "}<Code>{JSON.stringify(c.simulated.persona)}</Code>
            </Text>
          )}
          {c.origin && <CaseOriginLine origin={c.origin} />}
          <Stack gap={2} component="ol" mt="xs">
            {(c.simulated ? [c.simulated.opening, ...c.simulated.followUps].filter((m): m is string => !!m) : c.messages)
              .map((m, i) => <li key={i}><Text size="sm">{m}</Text></li>)}
          </Stack>
          {c.expectation !== null && <Text size="sm">{t("scenarios.expectation")}: <Code>{JSON.stringify(c.expectation)}</Code></Text>}
          <Text size="sm">
            {t("scenarios.logic", { logic: c.ruleLogic, rule: c.rulePassThreshold, success: c.successThreshold, partial: c.partialThreshold })}
          </Text>
          {c.evalRules.map((rule, i) => (
            <Text key={i} size="sm"><b>{rule.type}</b> ×{rule.weight} <Code>{JSON.stringify(rule.params)}</Code></Text>
          ))}
        </Card>
      ))}
    </Stack>
  );
}
