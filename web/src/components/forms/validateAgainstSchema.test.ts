import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonValue } from "../../graphql/graphql";
import { en } from "../../i18n/en";
import { zh } from "../../i18n/zh";
import catalog from "../schema-form/catalog.fixture.json";
import { apiPath, problemsByField, validateAgainstSchema } from "./validateAgainstSchema";

const channel = (name: string) => catalog.channelTypes.find((c) => c.name === name)!.configSchema as unknown as JsonValue;
const rule = (name: string) => catalog.ruleTypes.find((r) => r.name === name)!.paramsSchema as unknown as JsonValue;

beforeAll(async () => {
  await i18next.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: "en", fallbackLng: "en",
    interpolation: { escapeValue: false } });
});

describe("validateAgainstSchema", () => {
  it("reports every problem of an http target at once, at its field, in words", () => {
    const problems = validateAgainstSchema(channel("http"), { url: "ftp://x", retries: 11, timeout_s: 0 }, "en");
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p.message]));
    expect(byPath).toEqual({
      url: "Must start with http:// or https://", reply_path: "Required", retries: "At most 10", timeout_s: "More than 0",
    });
  });

  it("speaks Chinese in the Chinese UI", () => {
    const problems = validateAgainstSchema(channel("http"), { url: "ftp://x" }, "zh-CN");
    expect(problems.map((p) => p.message).sort()).toEqual(["必填", "必须以 http:// 或 https:// 开头"].sort());
  });

  it("finds nothing wrong with a valid config", () => {
    expect(validateAgainstSchema(channel("http"), { url: "https://bot", reply_path: "answer" }, "en")).toEqual([]);
  });

  it("names an unknown field and problems inside list items by their own path", () => {
    const problems = validateAgainstSchema(rule("task_completion"),
      { mode: "slot", required_slots: [{ name: "phone", description: "the phone" }, { description: "no name" }], colour: 1 }, "en");
    expect(problems).toEqual(expect.arrayContaining([
      expect.objectContaining({ path: "required_slots[1].name", message: "Required" }),
      expect.objectContaining({ path: "colour", message: "Not a field this form takes" }),
    ]));
  });

  it("says the wrong type and the allowed choices", () => {
    const problems = validateAgainstSchema(channel("http"), { url: "https://b", reply_path: "a", method: "DELETE", retries: "2" }, "en");
    expect(Object.fromEntries(problems.map((p) => [p.path, p.message]))).toEqual({
      method: "One of: POST, PUT, PATCH, GET", retries: "Must be a whole number",
    });
  });

  it("turns JSON pointers into the API's paths", () => {
    expect(apiPath("#/required_slots/0/name")).toBe("required_slots[0].name");
    expect(apiPath("#")).toBe("");
    expect(apiPath("#/headers/a~1b")).toBe("headers.a/b");
  });

  it("groups problems by form field, naming where inside the field", () => {
    const grouped = problemsByField([
      { path: "required_slots[1].name", keyword: "required", message: "Required" },
      { path: "url", keyword: "pattern", message: "Bad" },
    ], "zh");
    expect(grouped).toEqual({ required_slots: "第 2 项 › name: Required", url: "Bad" });
  });
});
