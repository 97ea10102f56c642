/**
 * One finding with its evidence; an unverified quote is marked as an unconfirmed claim.
 * A finding a reviewer rejected stays listed, struck through, so the report's reader sees both.
 */
import { Anchor, Badge, Blockquote, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FindingReview, type FindingReviewShown } from "./FindingReview";
import { AddToRegression } from "../../components/regression/AddToRegression";
import { SEVERITY_COLOUR } from "../../components/status/severity";

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
  /** Finding.id, which createCaseFromFinding takes. */
  id?: string | null;
  /** Its position in the report, which reviewFinding takes. */
  reportIndex: number;
  review: FindingReviewShown | null;
}

interface Props {
  evalId: string;
  finding: Finding;
  finished: boolean;
  onReviewed(): void;
}

export function FindingCard({ evalId, finding, finished, onReviewed }: Props) {
  const { t } = useTranslation();
  const rejected = finding.review?.decision === "REJECTED";
  return (
    <Paper withBorder p="md" component="article" data-rejected={rejected ? "true" : "false"}
      aria-label={t("review.historyTarget.finding", { n: finding.reportIndex + 1 })}>
      <Group gap="xs" mb="xs">
        <Text size="xs" c="dimmed">#{finding.reportIndex + 1}</Text>
        <Badge color={SEVERITY_COLOUR[finding.severity]} variant="light">{t(`severity.${finding.severity as "HIGH"}`)}</Badge>
        {finding.dimension && <Badge variant="outline">{finding.dimension}</Badge>}
      </Group>
      <Text fw={600} className="transcript-text" td={rejected ? "line-through" : undefined}>
        {finding.issue}
      </Text>
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
      {finding.id && (
        <Group mt="sm"><AddToRegression source={{ kind: "finding", findingId: finding.id }} what={`#${finding.reportIndex + 1}`} /></Group>
      )}
      <FindingReview evalId={evalId} reportIndex={finding.reportIndex} review={finding.review} finished={finished} onReviewed={onReviewed} />
    </Paper>
  );
}
