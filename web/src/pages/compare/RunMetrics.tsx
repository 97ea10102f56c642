/** The absolute metrics of every compared run, each with its change against the base and the server's significance. */
import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { TableScroll } from "../../components/layout/TableScroll";
import type { MatrixData, MatrixRunData } from "./useMatrixData";

type Summary = NonNullable<MatrixRunData["summary"]>;
interface Metric { key: string; label: string; read(s: Summary): number | null; percent: boolean; lowerIsBetter?: boolean }

const pct = (value: number) => `${Math.round(value * 1000) / 10}%`;
const pp = (delta: number) => `${delta >= 0 ? "+" : "−"}${Math.abs(Math.round(delta * 1000) / 10)} pp`;

export function RunMetrics({ data, labels }: { data: MatrixData; labels: string[] }) {
  const { t } = useTranslation();
  const metrics: Metric[] = [
    { key: "pass", label: t("run.passRate"), read: (s) => s.passRate, percent: true },
    { key: "l3", label: t("run.l3"), read: (s) => s.successRate, percent: true },
    { key: "l1", label: t("run.l1"), read: (s) => s.intentAccuracy ?? null, percent: true },
    { key: "l2", label: t("run.l2"), read: (s) => s.avgCompletion ?? null, percent: true },
    { key: "passk", label: t("run.passHatK"), read: (s) => s.passHatK ?? null, percent: true },
    { key: "p50", label: t("matrix.p50"), read: (s) => s.latencyP50Ms ?? null, percent: false, lowerIsBetter: true },
    { key: "p95", label: t("matrix.p95"), read: (s) => s.latencyP95Ms ?? null, percent: false, lowerIsBetter: true },
    { key: "errors", label: t("matrix.errors"), read: (s) => s.errorCount, percent: false, lowerIsBetter: true },
  ];
  const base = data.runs[0].summary;
  const cell = (metric: Metric, run: MatrixRunData, index: number) => {
    const value = run.summary ? metric.read(run.summary) : null;
    if (value === null) return <Text size="sm" c="dimmed">—</Text>;
    const shown = metric.percent ? pct(value) : metric.key === "errors" ? String(value) : `${value} ms`;
    const before = base ? metric.read(base) : null;
    if (index === 0 || before === null || before === value) {
      return <Text size="sm">{shown}{index > 0 && before === value ? <Text span size="xs" c="dimmed"> (±0)</Text> : null}</Text>;
    }
    const delta = value - before;
    const better = metric.lowerIsBetter ? delta < 0 : delta > 0;
    const deltaText = metric.percent ? pp(delta) : `${delta > 0 ? "+" : "−"}${Math.abs(delta)}${metric.key === "errors" ? "" : " ms"}`;
    return (
      <Text size="sm">{shown} <Text span size="xs" fw={700} c={better ? "#1b5e20" : "#b71c1c"} data-testid={`delta-${metric.key}`}>({deltaText})</Text></Text>
    );
  };
  return (
    <TableScroll minWidth={200 + 150 * data.runs.length}>
      <Table withTableBorder withColumnBorders aria-label={t("matrix.metrics")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("matrix.metric")}</Table.Th>
            {labels.map((label, i) => <Table.Th key={i}>{i === 0 ? `${t("matrix.base")}: ${label}` : label}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {metrics.map((metric) => (
            <Table.Tr key={metric.key}>
              <Table.Th scope="row">{metric.label}</Table.Th>
              {data.runs.map((run, i) => <Table.Td key={run.id}>{cell(metric, run, i)}</Table.Td>)}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">{t("matrix.significance")}</Table.Th>
            {data.comparisons.map((comparison, i) => (
              <Table.Td key={i}>
                {comparison?.significance ? (
                  <Text size="xs">
                    {comparison.significance.pValue === null || comparison.significance.pValue === undefined ? "—"
                      : t(comparison.significance.pValue < 0.05 ? "matrix.significant" : "matrix.noise", { p: comparison.significance.pValue.toFixed(3) })}
                    {comparison.significance.passRateDeltaCi95Low !== null && comparison.significance.passRateDeltaCi95Low !== undefined
                      && comparison.significance.passRateDeltaCi95High !== null && comparison.significance.passRateDeltaCi95High !== undefined && (
                      <><br />{t("matrix.ci", { low: pp(comparison.significance.passRateDeltaCi95Low), high: pp(comparison.significance.passRateDeltaCi95High) })}</>
                    )}
                  </Text>
                ) : <Text size="xs" c="dimmed">{i === 0 ? t("matrix.isBase") : "—"}</Text>}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
