/** One line of model usage: calls, prompt + completion tokens, and the cost or why there is none. */
import { Text, type TextProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { costText, formatCount, totalTokens, type UsageData } from "./usage";

interface Props extends TextProps {
  usage: UsageData;
  testId?: string;
  /** Inside a sentence: a span rather than a paragraph. */
  inline?: boolean;
}

export function UsageSummary({ usage, testId, inline = false, ...text }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const cost = costText(usage, locale);
  const costPart = cost.kind === "cost" ? t("ops.usage.cost", { cost: cost.text })
    : cost.kind === "free" ? t("ops.usage.free") : t("ops.usage.noPrice");
  return (
    <Text size="sm" component={inline ? "span" : "p"} data-testid={testId} {...text}>
      {t("ops.usage.calls", { calls: formatCount(usage.modelCalls, locale) })}
      {" · "}
      {t("ops.usage.tokens", {
        total: formatCount(totalTokens(usage), locale),
        prompt: formatCount(usage.promptTokens, locale),
        completion: formatCount(usage.completionTokens, locale),
      })}
      {" · "}
      {costPart}
    </Text>
  );
}
