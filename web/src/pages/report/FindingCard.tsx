/** One finding with its evidence; an unverified quote is marked as an unconfirmed claim. */
import { Anchor, Badge, Blockquote, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SEVERITY_COLOUR } from "./severity";

interface Evidence {
  sessionId: string;
  turnIndex: number;
  userSaid: string | null;
  assistantReplied: string | null;
  verified: boolean;
}

export interface Finding {
  issue: string;
  severity: string;
  dimension: string | null;
  suggestion: string;
  relatedSop: string | null;
  evidence: readonly Evidence[];
}

export function FindingCard({ evalId, finding }: { evalId: string; finding: Finding }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="article">
      <Group gap="xs" mb="xs">
        <Badge color={SEVERITY_COLOUR[finding.severity]} variant="light">{t(`severity.${finding.severity as "HIGH"}`)}</Badge>
        {finding.dimension && <Badge variant="outline">{finding.dimension}</Badge>}
      </Group>
      <Text fw={600} className="transcript-text">{finding.issue}</Text>
      <Text size="sm" mt="xs" className="transcript-text">{t("report.suggestion")}: {finding.suggestion}</Text>
      {finding.relatedSop && <Text size="sm" className="transcript-text">{t("report.relatedSop")}: {finding.relatedSop}</Text>}
      <Stack gap="xs" mt="sm">
        {finding.evidence.map((evidence, i) => {
          const turn = evidence.turnIndex + 1;
          const href = `/evals/${evalId}/sessions/${evidence.sessionId}#turn-${turn}`;
          const quote = (label: string, value: string | null) => value && (
            evidence.verified
              ? <Blockquote p="xs" color="green"><Text size="xs" c="dimmed">{label}</Text><Text size="sm" className="transcript-text">{value}</Text></Blockquote>
              : <Text size="sm" className="transcript-text"><i>{label} ({t("report.unconfirmed")}): {value}</i></Text>
          );
          return (
            <Stack key={i} gap={4}>
              <Group gap="xs">
                <Anchor component={Link} to={href}>{t("report.evidenceLink", { turn })}</Anchor>
                {evidence.verified
                  ? <Badge color="green" variant="light" size="sm">{t("report.verified")}</Badge>
                  : <Badge color="gray" variant="outline" size="sm">{t("report.unverified")}</Badge>}
              </Group>
              {quote(t("report.userSaid"), evidence.userSaid)}
              {quote(t("report.assistantReplied"), evidence.assistantReplied)}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
