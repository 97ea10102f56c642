/** How often reviewers agreed with the automatic judgement: agreed of reviewed, the share, Cohen's kappa. */
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { kappaText, percentText } from "./review";

export interface Agreement {
  reviewed: number;
  agreed: number;
  agreement: number;
  kappa: number | null;
}

export function AgreementLine({ agreement, label }: { agreement: Agreement | null | undefined; label?: string }) {
  const { t } = useTranslation();
  const prefix = label ? `${label}: ` : "";
  if (!agreement || agreement.reviewed === 0) return <Text size="sm">{prefix}{t("review.noneReviewed")}</Text>;
  const kappa = kappaText(agreement.kappa);
  return (
    <Text size="sm" data-testid="agreement">
      {prefix}{t("review.agreement", { agreed: agreement.agreed, reviewed: agreement.reviewed, percent: percentText(agreement.agreement) })}
      {" · "}{kappa === null ? t("review.kappaUndefined") : t("review.kappa", { kappa })}
    </Text>
  );
}
