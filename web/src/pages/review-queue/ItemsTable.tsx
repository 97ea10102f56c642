/** The queue's subjects (first-stage items) with their standing verdict and, for an OPERATOR, Appeal. */
import { Badge, Button, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { TableScroll } from "../../components/layout/TableScroll";
import type { ResultOf } from "../../graphql/graphql";
import type { QueueDetailQuery } from "./queries";
import { standingVerdict } from "./verdicts";

type Item = NonNullable<ResultOf<typeof QueueDetailQuery>["reviewItems"]>[number];

/** An appeal needs a verdict that stands: a final one, or the automatic one before anyone reviewed. */
export function appealable(item: Item): boolean {
  if (item.appeal?.status === "OPEN") return false;
  return item.final !== null || (item.status === "OPEN" && item.answers.length === 0);
}

export function ItemsTable({ items, onAppeal }: { items: Item[]; onAppeal(item: Item): void }) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={640}>
      <Table striped aria-label={t("workbench.queue.items")}>
        <Table.Thead><Table.Tr>
          <Table.Th>#</Table.Th><Table.Th>{t("workbench.queue.item")}</Table.Th><Table.Th>{t("workbench.queue.verdict")}</Table.Th>
          <Table.Th>{t("workbench.queue.status")}</Table.Th><Table.Th>{t("workbench.queue.actions")}</Table.Th>
        </Table.Tr></Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.position + 1}</Table.Td>
              <Table.Td>{t(`workbench.kind.${item.kind as "CASE"}`, { defaultValue: item.kind })} · <span style={{ wordBreak: "break-all" }}>{item.target}</span></Table.Td>
              <Table.Td>{standingVerdict(t, item)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={item.status === "DONE" ? "green" : item.status === "APPEALED" ? "grape" : "gray"}>
                  {t(`workbench.itemStatus.${item.status as "OPEN"}`, { defaultValue: item.status })}
                </Badge>
                {item.appeal && <Badge ml={4} variant="outline" color="grape">{item.appeal.overturned ? t("workbench.queue.overturned")
                  : item.appeal.status === "OPEN" ? t("workbench.queue.waiting") : t("workbench.queue.upheld")}</Badge>}
              </Table.Td>
              <Table.Td>
                {appealable(item) && (
                  <Button size="compact-xs" variant="light" color="grape" onClick={() => onAppeal(item)}
                    aria-label={`${t("workbench.queue.appeal")}: ${item.target}`}>{t("workbench.queue.appeal")}</Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
