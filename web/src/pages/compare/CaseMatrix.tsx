/**
 * Cases × runs: each cell the case's tier and score in that run, with how it moved against the
 * base; a row expands into the runs' replies side by side with their rule results, replies that
 * differ from the base's marked.
 */
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "../../components/layout/TableScroll";
import { replyDiffers, type Cell, type Change, type MatrixRow } from "./matrix";

const TIER_COLOUR = { SUCCESS: "green", PARTIAL: "yellow", FAILURE: "red" } as const;
const MOVE_MARK: Record<Change, string> = { regressed: "▼", improved: "▲", unchanged: "=" };

function CellView({ cell, move }: { cell: Cell | null; move: Change | null }) {
  const { t } = useTranslation();
  if (!cell) return <Text size="xs" c="dimmed">{t("matrix.absent")}</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge className="status-badge" color={TIER_COLOUR[cell.tier]} variant="light" autoContrast>{t(`run.tier.${cell.tier}`)}</Badge>
      <Text size="xs">{cell.score.toFixed(2)}</Text>
      {cell.attempts.length > 1 && <Text size="xs" c="dimmed">{t("matrix.passedOf", { passed: cell.passed, total: cell.attempts.length })}</Text>}
      {cell.flaky && <Badge size="xs" color="grape" variant="outline">{t("matrix.flaky")}</Badge>}
      {move && move !== "unchanged" && (
        <Text size="xs" fw={700} c={move === "regressed" ? "#b71c1c" : "#1b5e20"} aria-label={t(`matrix.move.${move}`)}>
          {MOVE_MARK[move]} {t(`matrix.move.${move}`)}
        </Text>
      )}
    </Group>
  );
}

function SideBySide({ row, labels }: { row: MatrixRow; labels: string[] }) {
  const { t } = useTranslation();
  const base = row.cells[0];
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(row.cells.length, 2), lg: Math.min(row.cells.length, 4) }} spacing="sm">
      {row.cells.map((cell, i) => (
        <Paper key={i} withBorder p="xs" aria-label={t("matrix.repliesOf", { label: labels[i] })} role="region">
          <Text size="xs" fw={700}>{i === 0 ? `${t("matrix.base")}: ` : ""}{labels[i]}</Text>
          {!cell ? <Text size="xs" c="dimmed">{t("matrix.absent")}</Text> : (
            <Stack gap={4} mt={4}>
              {cell.attempts[0].turns.map((turn) => {
                const differs = i > 0 && replyDiffers(base, cell, turn.index);
                return (
                  <div key={turn.index}>
                    <Text size="xs" c="dimmed">{t("session.turn", { n: turn.index + 1 })}: {turn.sentMessage}</Text>
                    <Text size="sm" className="transcript-text" data-differs={differs || undefined}
                      style={differs ? { background: "var(--mantine-color-yellow-1)", outline: "1px solid var(--mantine-color-yellow-6)" } : undefined}>
                      {turn.error ? `${t("session.targetError")}: ${turn.error}` : turn.reply ?? "—"}
                    </Text>
                    {differs && <Text size="xs" c="#8a3b00">{t("matrix.differs")}</Text>}
                  </div>
                );
              })}
              <Stack gap={2} mt={4}>
                {cell.attempts[0].results.map((result, r) => {
                  const before = base?.attempts[0].results.find((x) => x.ruleType === result.ruleType);
                  const changed = i > 0 && before !== undefined && before.passed !== result.passed;
                  return (
                    <Text key={r} size="xs" fw={changed ? 700 : undefined}>
                      {result.passed ? "✓" : "✗"} {result.ruleType} {result.score.toFixed(2)}{result.error ? ` · ${result.error}` : ""}
                      {changed ? ` (${t("matrix.ruleChanged")})` : ""}
                    </Text>
                  );
                })}
              </Stack>
            </Stack>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function CaseMatrix({ rows, labels }: { rows: MatrixRow[]; labels: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  if (rows.length === 0) return <Text size="sm">{t("matrix.noCases")}</Text>;
  return (
    <TableScroll minWidth={220 + 190 * labels.length}>
      <Table withTableBorder aria-label={t("matrix.cases")} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("compare.case")}</Table.Th>
            {labels.map((label, i) => <Table.Th key={i}>{i === 0 ? `${t("matrix.base")}: ${label}` : label}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Fragment key={row.caseKey}>
              <Table.Tr data-testid="matrix-row" data-case={row.caseKey}>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" aria-expanded={open === row.caseKey}
                    onClick={() => setOpen(open === row.caseKey ? null : row.caseKey)}>
                    {open === row.caseKey ? "▾" : "▸"} {row.caseKey}
                  </Button>
                </Table.Td>
                {row.cells.map((cell, i) => <Table.Td key={i}><CellView cell={cell} move={row.moves[i]} /></Table.Td>)}
              </Table.Tr>
              {open === row.caseKey && (
                <Table.Tr>
                  <Table.Td colSpan={labels.length + 1}><SideBySide row={row} labels={labels} /></Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
