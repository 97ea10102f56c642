/** Chinese and English with the same keys; the browser's language picks the first one. */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en";
import { zh } from "./zh";

export type Language = "en" | "zh";
const STORAGE_KEY = "agenteval.language";

/** The stored choice, else Chinese for a browser asking for any zh variant, else English. */
export function initialLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (stored === "en" || stored === "zh") return stored;
  for (const language of browserLanguages) {
    const lower = language.toLowerCase();
    if (lower.startsWith("zh")) return "zh";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
}

export function setLanguage(language: Language): void {
  window.localStorage.setItem(STORAGE_KEY, language);
  void i18next.changeLanguage(language);
}

export function startI18n(): void {
  const language = initialLanguage(window.localStorage.getItem(STORAGE_KEY), navigator.languages ?? [navigator.language]);
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, zh: { translation: zh } },
    lng: language,
    fallbackLng: "en",
    interpolation: { escapeValue: false }, // React escapes; strings are rendered as text.
  });
  document.documentElement.lang = language === "zh" ? "zh-CN" : "en";
  i18next.on("languageChanged", (next) => {
    document.documentElement.lang = next === "zh" ? "zh-CN" : "en";
  });
}
