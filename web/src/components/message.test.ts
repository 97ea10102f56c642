import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { en } from "../i18n/en";
import { message, say } from "./message";
import { zh } from "../i18n/zh";

describe("a message kept as key and values", () => {
  it("is said in the language the UI has when it is rendered, not the one it was made in", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en }, zh: { translation: zh } }, interpolation: { escapeValue: false } });
    const kept = message("workbench.assign.assigned", { who: "Rita", n: 1 });
    expect(say(i18n.t, kept)).toBe("Items locked for Rita: 1.");
    await i18n.changeLanguage("zh");
    expect(say(i18n.t, kept)).toBe("已为 Rita 锁定 1 条。");
    expect(say(i18n.t, message("workbench.assign.saved"))).toBe("复核员已保存。");
  });
});
