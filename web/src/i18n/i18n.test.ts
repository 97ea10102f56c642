import { describe, expect, it } from "vitest";
import { en } from "./en";
import { zh } from "./zh";
import { initialLanguage } from "./index";

function keys(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
}

function lookup(value: object, key: string): string {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], value) as string;
}

describe("i18n", () => {
  it("has every key in both languages", () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });

  it("keeps the same placeholders and leaves no string empty", () => {
    for (const key of keys(en)) {
      expect(placeholders(lookup(zh, key)), key).toEqual(placeholders(lookup(en, key)));
      expect(lookup(zh, key).trim(), key).not.toBe("");
    }
  });

  it("defaults to the browser's language, then to the stored choice", () => {
    expect(initialLanguage(null, ["zh-CN", "en"])).toBe("zh");
    expect(initialLanguage(null, ["de", "en-US"])).toBe("en");
    expect(initialLanguage(null, [])).toBe("en");
    expect(initialLanguage("en", ["zh-TW"])).toBe("en");
  });
});
