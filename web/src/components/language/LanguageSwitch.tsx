/**
 * English / 中文, the chosen one filled and pressed. Two buttons rather than a SegmentedControl:
 * the header carries it on every page, and the control's sliding indicator measured the whole
 * page on mounting — 30–60 ms of a 200-row list's first load (bench/web_budget.mjs).
 */
import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { setLanguage, type Language } from "../../i18n";

const LANGUAGES: { value: Language; label: string }[] = [{ value: "en", label: "English" }, { value: "zh", label: "中文" }];

export function LanguageSwitch({ size = "sm" }: { size?: "xs" | "sm" }) {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language.startsWith("zh") ? "zh" : "en";
  return (
    <Button.Group aria-label={t("nav.language")}>
      {LANGUAGES.map(({ value, label }) => (
        <Button key={value} size={size} variant={value === current ? "filled" : "default"} aria-pressed={value === current}
          lang={value === "zh" ? "zh-CN" : "en"} onClick={() => setLanguage(value)}>
          {label}
        </Button>
      ))}
    </Button.Group>
  );
}
