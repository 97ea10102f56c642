/**
 * One rule and judge model's figures per bucket and revision; a row where the revision changed is marked.
 * On a phone each row is a block of labelled lines (app.css .stack-on-phone): six columns swiped
 * sideways inside the card hid the κ and the basis.
 */
import { Badge, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { TableScroll } from "../../../components/layout/TableScroll";
import { revisionShort, type Series } from "./series";

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export function AgreementTable({ series }: { series: Series }) {
  const { t } = useTranslation();
  const kappa = (p: Series["points"][number]) => {
    if (p.kappa === null) return t("agreement.kappaUndefined");
    const interval = p.kappaLow !== null && p.kappaHigh !== null ? ` [${p.kappaLow.toFixed(2)}, ${p.kappaHigh.toFixed(2)}]` : "";
    return `${p.kappa.toFixed(2)}${interval}`;
  };
  const caption = t("agreement.table.caption", { rule: series.ruleType, model: series.judgeModel });
  const label = {
    bucket: t("agreement.table.bucket"), revision: t("agreement.table.revision"), reviewed: t("agreement.table.reviewed"),
    agreement: t("agreement.table.agreement"), kappa: t("agreement.table.kappa"), basis: t("agreement.table.basis"),
  };
  return (
    <TableScroll minWidth={0} label={caption}>
      <Table striped withTableBorder verticalSpacing={4} fz="sm" className="stack-on-phone">
        {/* Stacked on a phone, a table-caption beside block rows shrinks to a sliver: a full-width line there. */}
        <Table.Caption display={{ base: "block", xs: "table-caption" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{label.bucket}</Table.Th>
            <Table.Th scope="col">{label.revision}</Table.Th>
            <Table.Th scope="col">{label.reviewed}</Table.Th>
            <Table.Th scope="col">{label.agreement}</Table.Th>
            <Table.Th scope="col">{label.kappa}</Table.Th>
            <Table.Th scope="col">{label.basis}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {series.points.map((p) => (
            <Table.Tr key={`${p.bucketStart}-${p.revision ?? ""}`}>
              <Table.Td data-label={label.bucket}>{p.bucketStart}</Table.Td>
              <Table.Td data-label={label.revision}>
                <Text span size="sm" title={p.revision ?? undefined}>{revisionShort(p.revision) ?? t("agreement.ownExamples")}</Text>
                {p.revisionChanged && <Badge ml={6} size="xs" color="orange" variant="light">{t("agreement.changed")}</Badge>}
              </Table.Td>
              <Table.Td data-label={label.reviewed}>{p.reviewed}</Table.Td>
              <Table.Td data-label={label.agreement}>{t("agreement.agreed", { agreed: p.agreed, reviewed: p.reviewed, share: percent(p.agreement) })}</Table.Td>
              <Table.Td data-label={label.kappa}>{kappa(p)}</Table.Td>
              <Table.Td data-label={label.basis}>{t(`agreement.basisLabel.${p.basis}`, { defaultValue: p.basis })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
