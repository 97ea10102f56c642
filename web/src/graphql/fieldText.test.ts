import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../i18n/en";
import { zh } from "../i18n/zh";
import { fieldErrors } from "./errors";
import { fieldMessageIn } from "./fieldText";
import type { Translate } from "./errorText";

const i18n = i18next.createInstance();
const zhT = () => i18n.getFixedT("zh") as unknown as Translate;
beforeAll(() => i18n.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: "en", interpolation: { escapeValue: false } }));

describe("fieldMessageIn", () => {
  it("says the server's common field messages in Chinese", () => {
    const t = zhT();
    expect(fieldMessageIn("is required", t)).toBe("必填");
    expect(fieldMessageIn("must be ≥ 1", t)).toBe("不能小于 1");
    expect(fieldMessageIn("must be between 0 and 1", t)).toBe("须在 0 到 1 之间");
    expect(fieldMessageIn("must name at least one target", t)).toBe("至少选择一个被测对象");
    expect(fieldMessageIn("must be a non-empty string", t)).toBe("不能为空");
  });
  it("keeps a message it does not know as the server wrote it", () => {
    expect(fieldMessageIn("start (3h) must be before end (1h)", zhT())).toBe("start (3h) must be before end (1h)");
  });
  it("is what fieldErrors returns when given the UI's t", () => {
    const error = { code: "VALIDATION_FAILED", message: "invalid input", details: [{ path: "input.name", message: "must not be blank" }] };
    expect(fieldErrors(error, i18n.getFixedT("zh"))).toEqual([{ path: "input.name", message: "不能为空" }]);
    expect(fieldErrors(error)).toEqual([{ path: "input.name", message: "must not be blank" }]);
  });
});
