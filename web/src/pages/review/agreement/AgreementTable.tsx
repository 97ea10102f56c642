/** One rule and judge model's figures per bucket and revision; a row where the revision changed is marked. */
import { Badge, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { revisionShort, type Series } from "./series";

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export function AgreementTable({ series }: { series: Series }) {
  const { t } = useTranslation();
  const kappa = (p: Series["points"][number]) => {
    if (p.kappa === null) return t("agreement.kappaUndefined");
    const interval = p.kappaLow !== null && p.kappaHigh !== null ? ` [${p.kappaLow.toFixed(2)}, ${p.kappaHigh.toFixed(2)}]` : "";
    return `${p.kappa.toFixed(2)}${interval}`;
  };
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder verticalSpacing={4} fz="sm">
        <Table.Caption>{t("agreement.table.caption", { rule: series.ruleType, model: series.judgeModel })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("agreement.table.bucket")}</Table.Th>
            <Table.Th scope="col">{t("agreement.table.revision")}</Table.Th>
            <Table.Th scope="col">{t("agreement.table.reviewed")}</Table.Th>
            <Table.Th scope="col">{t("agreement.table.agreement")}</Table.Th>
            <Table.Th scope="col">{t("agreement.table.kappa")}</Table.Th>
            <Table.Th scope="col">{t("agreement.table.basis")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {series.points.map((p) => (
            <Table.Tr key={`${p.bucketStart}-${p.revision ?? ""}`}>
              <Table.Td>{p.bucketStart}</Table.Td>
              <Table.Td>
                <Text span size="sm" title={p.revision ?? undefined}>{revisionShort(p.revision) ?? t("agreement.ownExamples")}</Text>
                {p.revisionChanged && <Badge ml={6} size="xs" color="orange" variant="light">{t("agreement.changed")}</Badge>}
              </Table.Td>
              <Table.Td>{p.reviewed}</Table.Td>
              <Table.Td>{t("agreement.agreed", { agreed: p.agreed, reviewed: p.reviewed, share: percent(p.agreement) })}</Table.Td>
              <Table.Td>{kappa(p)}</Table.Td>
              <Table.Td>{t(`agreement.basisLabel.${p.basis}`, { defaultValue: p.basis })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
