/** The intent confusion matrix as a table whose cells are shaded by count (a heat map). */
import { Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { confusionGrid } from "./outcomes";
import { TableScroll } from "../../components/layout/TableScroll";

export function ConfusionHeatmap({ cells }: { cells: readonly { expected: string; predicted: string; count: number }[] }) {
  const { t } = useTranslation();
  if (cells.length === 0) return null;
  const grid = confusionGrid(cells);
  return (
    <section>
      <Title order={3} size="h4" mb="xs">{t("run.confusion")}</Title>
      <Text size="xs" c="dimmed" mb="xs">{t("run.confusionHint")}</Text>
      <TableScroll>
      <Table withTableBorder withColumnBorders w="auto" aria-label={t("run.confusion")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("run.expectedPredicted")}</Table.Th>
            {grid.predicted.map((p) => <Table.Th key={p}>{p}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.expected.map((e, row) => (
            <Table.Tr key={e}>
              <Table.Th scope="row">{e}</Table.Th>
              {grid.counts[row].map((count, column) => {
                const strength = count / grid.max;
                const diagonal = e === grid.predicted[column];
                // Dark text on light cells, white on dark ones: contrast stays readable.
                const background = `rgba(${diagonal ? "34, 139, 34" : "201, 42, 42"}, ${0.1 + 0.8 * strength})`;
                return (
                  <Table.Td key={column} style={{ background, color: strength > 0.5 ? "white" : "black", textAlign: "center" }}>
                    {count}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      </TableScroll>
    </section>
  );
}
