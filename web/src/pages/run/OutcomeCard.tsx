/** One case outcome: a summary line that expands into its turns (each with the per-turn checks
 * that judged its reply and its raw response, collapsed) and the case's rule results. */
import { Badge, Card, Group, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ResultOf } from "../../graphql/graphql";
import { completionSummary } from "./outcomes";
import { authorBadgeKey, simulationSummary } from "./simulation";
import { ruleReasonIn } from "./ruleReasons";
import { OutcomeReview } from "./OutcomeReview";
import type { OutcomeFields } from "./queries";
import { TableScroll } from "../../components/layout/TableScroll";
import { CaseOriginLine } from "../../components/regression/CaseOriginLine";
import { AppealAction } from "../../components/appeals/AppealAction";

type Outcome = ResultOf<typeof OutcomeFields>;
const TIER_COLOUR = { SUCCESS: "green", PARTIAL: "yellow", FAILURE: "red" } as const;

interface Props {
  outcome: Outcome;
  runId: string;
  /** Only a finished run can be reviewed. */
  finished: boolean;
  /** Whether the run repeats cases, so each card names its attempt. */
  showAttempt: boolean;
  onReviewed(): void;
  /** A link landed on this case (a search hit: `?case=…&turn=N`): it opens, marked, at that turn (from 0). */
  landed?: { turn: number | null } | null;
}

/** The element ids a link lands on: the case's card, and one of its turns. */
export const outcomeAnchor = (caseKey: string, attempt: number) => `case-${encodeURIComponent(caseKey)}-${attempt}`;
export const outcomeTurnAnchor = (caseKey: string, attempt: number, turn: number) => `${outcomeAnchor(caseKey, attempt)}-turn-${turn + 1}`;

export function OutcomeCard({ outcome, runId, finished, showAttempt, onReviewed, landed = null }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(landed !== null);
  const failing = outcome.results.filter((r) => !r.passed);
  const label = showAttempt ? `${outcome.caseKey} (${t("run.attempt", { n: outcome.attempt + 1 })})` : outcome.caseKey;
  return (
    <Card withBorder padding="sm" component="li" id={outcomeAnchor(outcome.caseKey, outcome.attempt)}
      className="landed" data-landed={landed ? "true" : undefined} tabIndex={landed ? -1 : undefined}
      aria-current={landed ? "true" : undefined}>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} w="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Text fw={600}>{outcome.caseKey}</Text>
            {showAttempt && <Text size="xs" c="dimmed">{t("run.attempt", { n: outcome.attempt + 1 })}</Text>}
            <Badge color={TIER_COLOUR[outcome.successLevel]} variant="light" autoContrast>{t(`run.tier.${outcome.successLevel}`)}</Badge>
            {outcome.error && <Badge color="orange" variant="light" autoContrast>{t("run.errored")}</Badge>}
          </Group>
          <Text size="sm">{t("run.score", { score: outcome.score.toFixed(2) })}</Text>
        </Group>
        {!open && failing.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={1}>{failing.map((r) => `${r.ruleType}: ${ruleReasonIn(r, t)}`).join(" · ")}</Text>
        )}
      </UnstyledButton>
      {outcome.origin && <CaseOriginLine origin={outcome.origin} passed={outcome.passed} />}
      <OutcomeReview runId={runId} finished={finished} outcome={outcome} label={label} onReviewed={onReviewed} />
      {open && <OutcomeDetail outcome={outcome} appeal={finished ? { runId, label } : null}
        landedTurn={landed?.turn ?? null} />}
    </Card>
  );
}

type Result = Outcome["results"][number];

/** Where a judged rule result can be appealed from: the finished run and the case's label. */
type AppealFrom = { runId: string; label: string } | null;

function OutcomeDetail({ outcome, appeal, landedTurn }: { outcome: Outcome; appeal: AppealFrom; landedTurn: number | null }) {
  const { t } = useTranslation();
  // A result's position among the outcome's results is its stored position (rulePosition).
  const positioned = outcome.results.map((result, position) => ({ result, position }));
  const atTurn = (index: number) => positioned.filter(({ result: r }) => r.turnIndex === index);
  const caseResults = positioned.filter(({ result: r }) => r.turnIndex === null || r.turnIndex === undefined);
  const item = ({ result, position }: { result: Result; position: number }) => (
    <ResultItem key={position} result={result}
      appeal={appeal && judged(result) ? <AppealAction subject={{ runId: appeal.runId, caseKey: outcome.caseKey, attempt: outcome.attempt, rulePosition: position }}
        target={`case:${outcome.caseKey}#${outcome.attempt}`} entryKey={`rule:${position}`}
        label={t("appeal.rule", { rule: result.ruleType, case: appeal.label })} /> : null} />
  );
  const simulation = simulationSummary(outcome.simulation);
  return (
    <Stack gap="sm" mt="sm">
      {outcome.error && <Text c="red" size="sm">{outcome.error}</Text>}
      {simulation && (
        <Text size="sm">
          {simulation.simulator === "model" ? t("run.simulatedByModel", { model: simulation.model ?? "?" }) : t("run.simulatedByScript")}
          {" · "}{t("run.simulationEnded", { reason: simulation.stop ? t(`run.stop.${simulation.stop}`) : "—" })}
          {simulation.detail && simulation.stop !== "simulator_failed" ? ` — ${simulation.detail}` : ""}
        </Text>
      )}
      <Text fw={600} size="sm">{t("run.turns")}</Text>
      <Stack gap={6} component="ol" style={{ paddingLeft: 0, listStyle: "none" }}>
        {outcome.turns.map((turn) => (
          <li key={turn.index} id={outcomeTurnAnchor(outcome.caseKey, outcome.attempt, turn.index)} className="landed"
            data-landed={landedTurn === turn.index ? "true" : undefined} tabIndex={landedTurn === turn.index ? -1 : undefined}
            aria-current={landedTurn === turn.index ? "true" : undefined}>
            <Text size="sm">
              <b>{t("run.sent")}</b> <AuthorBadge author={turn.author} />{turn.sentMessage}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}><b>{t("run.reply")}</b> {turn.reply ?? "—"}</Text>
            <Text size="xs" c="dimmed">
              {t("session.turn", { n: turn.index + 1 })}{turn.latencyMs !== null ? ` · ${t("session.latency", { ms: turn.latencyMs })}` : ""}
            </Text>
            {turn.error && <Text size="xs" c="red">{t("session.targetError")}: {turn.error}</Text>}
            {turn.toolCalls && turn.toolCalls.length > 0 && (
              <Text size="xs" style={{ wordBreak: "break-word" }}>
                <b>{t("run.toolCalls")}</b> {turn.toolCalls.map((c) => `${c.name}(${JSON.stringify(c.arguments)})`).join(", ")}
              </Text>
            )}
            {atTurn(turn.index).length > 0 && (
              <Stack gap={2} pl="sm" role="group" aria-label={t("run.checksAtTurn", { n: turn.index + 1 })}>
                <Text size="xs" fw={600}>{t("run.checksAtTurn", { n: turn.index + 1 })}</Text>
                {atTurn(turn.index).map(item)}
              </Stack>
            )}
            {turn.rawResponse !== null && turn.rawResponse !== undefined && (
              <details>
                <summary><Text span size="xs" c="dimmed">{t("run.rawResponse")}</Text></summary>
                <Text component="pre" size="xs" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", margin: 0 }}>
                  {typeof turn.rawResponse === "string" ? turn.rawResponse : JSON.stringify(turn.rawResponse, null, 2)}
                </Text>
              </details>
            )}
          </li>
        ))}
      </Stack>
      <Text fw={600} size="sm">{t("run.rules")}</Text>
      {caseResults.map(item)}
    </Stack>
  );
}

/** "simulated user" / "scripted user" on the turns such a user wrote; nothing on others. */
function AuthorBadge({ author }: { author: string | null | undefined }) {
  const { t } = useTranslation();
  const key = authorBadgeKey(author);
  if (!key) return null;
  return <Badge size="xs" variant="outline" color="grape" autoContrast mr={4}>{t(key)}</Badge>;
}

/** A rule a judge model decided (its detail names the judge) that gave a verdict: appealable on its own. */
function judged(result: Result): boolean {
  const detail = result.detail as { judge?: unknown } | null;
  return !result.error && !!detail && typeof detail === "object" && !!detail.judge;
}

function ResultItem({ result, appeal }: { result: Result; appeal: ReactNode }) {
  const { t } = useTranslation();
  const completion = result.ruleType === "task_completion" ? completionSummary(result.detail) : null;
  return (
          <Stack gap={2}>
            <Group gap="xs">
              <Badge color={result.passed ? "green" : "red"} variant="light" autoContrast>
                {result.passed ? t("run.rulePassed") : t("run.ruleFailed")}
              </Badge>
              <Text size="sm" fw={600}>{result.ruleType}</Text>
              {result.implicit && <Text size="xs" c="dimmed">{t("run.implicit")}</Text>}
              <Text size="xs">{t("run.score", { score: result.score.toFixed(2) })}</Text>
            </Group>
            {completion ? (
              <>
                <Text size="sm">{t("run.collected", { done: completion.collected, required: completion.required })}</Text>
                <TableScroll>
                <Table withTableBorder fz="xs" aria-label={t("run.items")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("run.item")}</Table.Th><Table.Th>{t("run.state")}</Table.Th>
                      <Table.Th>{t("run.turn")}</Table.Th><Table.Th>{t("run.quote")}</Table.Th>
                      <Table.Th>{t("run.verified")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {completion.items.map((item) => (
                      <Table.Tr key={`${item.kind}-${item.name}`}>
                        <Table.Td>{item.kind === "step" ? `${completion.items.filter((i) => i.kind === "step").indexOf(item) + 1}. ` : ""}{item.name} <Text span c="dimmed" size="xs">{item.description}</Text></Table.Td>
                        <Table.Td>{item.done ? t(`run.${item.kind}Done`) : t(`run.${item.kind}Missing`)}{item.inOrder === false ? ` (${t("run.outOfOrder")})` : ""}</Table.Td>
                        <Table.Td>{item.turnIndex === null ? "—" : item.turnIndex + 1}</Table.Td>
                        <Table.Td>{item.quote ?? "—"}</Table.Td>
                        <Table.Td>{item.verified === null ? "—" : item.verified ? t("common.yes") : t("report.unverified")}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                </TableScroll>
              </>
            ) : (
              <Text size="sm" style={{ wordBreak: "break-word" }}>{ruleReasonIn(result, t)}</Text>
            )}
            {appeal}
          </Stack>
  );
}
