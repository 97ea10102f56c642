import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../i18n/en";
import { zh } from "../i18n/zh";
import { apiErrorOf } from "./errors";
import { errorHeadline as headline, type Translate } from "./errorText";
import type { ApiError } from "./errors";

const errorHeadline = (error: ApiError, lang: string) => headline(error, i18next.getFixedT(lang) as unknown as Translate);

beforeAll(async () => {
  await i18next.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: "en", fallbackLng: "en",
    interpolation: { escapeValue: false } });
});

describe("errors in the UI's language", () => {
  it("says each code in words, in Chinese too", () => {
    const forbidden = { code: "FORBIDDEN", message: "needs OPERATOR", details: null };
    expect(errorHeadline(forbidden, "en")).toMatch(/role/);
    expect(errorHeadline(forbidden, "zh")).toMatch(/权限/);
    for (const code of ["UNAUTHENTICATED", "NOT_FOUND", "INVALID_TRANSITION", "CONFLICT", "TARGET_ERROR", "MODEL_ERROR",
      "RATE_LIMITED", "UNAVAILABLE", "INTERNAL", "NETWORK"]) {
      const zhText = errorHeadline({ code, message: "x", details: null }, "zh");
      expect(zhText, code).not.toMatch(/apiErrors/);
      expect(zhText, code).not.toBe(errorHeadline({ code, message: "x", details: null }, "en"));
    }
  });

  it("uses the details: how many fields, the budget", () => {
    expect(errorHeadline({ code: "VALIDATION_FAILED", message: "", details: [{ path: "a", message: "" }, { path: "b", message: "" }] }, "en"))
      .toBe("2 fields need fixing: see the messages at the fields.");
    expect(errorHeadline({ code: "BUDGET_EXCEEDED", message: "", details: { kind: "turns", used: 11, budget: 10 } }, "zh"))
      .toBe("超出计划预算：预算 10 轮，此操作将达到 11 轮。");
  });

  it("says a bad id in the address as such, not as fields to fix", () => {
    const badId = { code: "VALIDATION_FAILED", message: "id: is not a valid id", details: [{ path: "id", message: "is not a valid id" }] };
    expect(errorHeadline(badId, "en")).toBe("The id in this address is not valid, so there is nothing to show: check the link.");
    expect(errorHeadline(badId, "zh")).toBe("此地址中的 ID 无效，没有可显示的内容：请检查链接。");
    expect(errorHeadline(badId, "zh")).not.toMatch(/字段/);
    // An input's field (a form) still counts as a field to fix.
    const field = { code: "VALIDATION_FAILED", message: "", details: [{ path: "input.targetId", message: "is not a valid id" }] };
    expect(errorHeadline(field, "en")).toBe("1 field needs fixing: see the message at the field.");
  });

  it("keeps the id of an unexpected server error", () => {
    const error = apiErrorOf({ message: "Unexpected error.", extensions: { code: "INTERNAL", errorId: "a1b2c3d4e5f6" } });
    expect(error.errorId).toBe("a1b2c3d4e5f6");
    expect(errorHeadline(error, "en")).toMatch(/unexpected/i);
  });

  it("names an HTTP status it has no code for", () => {
    expect(errorHeadline({ code: "502", message: "Bad Gateway", details: null }, "en")).toContain("502");
  });
});
