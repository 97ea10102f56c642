/** Every review of a run or eval, oldest first: earlier reviews stay even when a later one counts. */
import { Accordion, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatTime } from "../time";
import { parseReviewTarget } from "./review";
import { TableScroll } from "../layout/TableScroll";

export interface ReviewRecordShown {
  target: string;
  review: {
    reviewer: string;
    reviewedAt: string;
    note: string | null;
    decision?: "CONFIRMED" | "REJECTED" | null;
    successLevel?: "SUCCESS" | "PARTIAL" | "FAILURE" | null;
    goalAchieved?: boolean | null;
  };
}

export function ReviewHistory({ records }: { records: readonly ReviewRecordShown[] | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!records || records.length === 0) return null;
  const targetText = (raw: string) => {
    const target = parseReviewTarget(raw);
    if (target.kind === "case") return t("review.historyTarget.case", { key: target.caseKey, attempt: target.attempt + 1 });
    if (target.kind === "finding") return t("review.historyTarget.finding", { n: target.index + 1 });
    if (target.kind === "session") return t("review.historyTarget.session", { id: target.id.slice(0, 8) });
    return target.raw;
  };
  const labelText = (review: ReviewRecordShown["review"]) => {
    if (review.decision) return t(`review.historyLabel.${review.decision}`);
    if (review.successLevel) return t(`run.tier.${review.successLevel}`);
    if (review.goalAchieved !== null && review.goalAchieved !== undefined) return t(`review.historyLabel.${review.goalAchieved ? "yes" : "no"}`);
    return "—";
  };
  return (
    <Accordion variant="contained">
      <Accordion.Item value="history">
        <Accordion.Control>{t("review.history", { count: records.length })}</Accordion.Control>
        <Accordion.Panel>
          <TableScroll>
          <Table fz="sm" aria-label={t("review.history", { count: records.length })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("review.column.time")}</Table.Th><Table.Th>{t("review.column.item")}</Table.Th>
                <Table.Th>{t("review.column.answer")}</Table.Th><Table.Th>{t("review.column.reviewer")}</Table.Th>
                <Table.Th>{t("review.column.note")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((record, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{formatTime(record.review.reviewedAt, i18n.language)}</Table.Td>
                  <Table.Td>{targetText(record.target)}</Table.Td>
                  <Table.Td>{labelText(record.review)}</Table.Td>
                  <Table.Td>{record.review.reviewer}</Table.Td>
                  <Table.Td><Text size="sm" className="transcript-text">{record.review.note ?? ""}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          </TableScroll>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
