import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { zh } from "../../i18n/zh";
import { queueName, queueTitle } from "./queueName";

const RUN = "run:1a2b3c4d-0000-4000-8000-000000000000";

describe("a queue's name", () => {
  it("words a run's or an eval's appeals queue in the UI's language, from its subject", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en }, zh: { translation: zh } }, interpolation: { escapeValue: false } });
    const queue = { name: "Appeals: 订餐回归 · run 1a2b3c4d", appealsOf: RUN, appealsOfName: "订餐回归" };
    expect(queueName(queue, i18n.t)).toBe("Appeals: 订餐回归 · run 1a2b3c4d");
    expect(queueName({ ...queue, appealsOf: "eval:9f8e7d6c-1111" }, i18n.t)).toBe("Appeals: 订餐回归 · eval 9f8e7d6c");
    await i18n.changeLanguage("zh");
    expect(queueName(queue, i18n.t)).toBe("申诉：订餐回归 · 运行 1a2b3c4d");
    expect(queueName({ ...queue, appealsOf: "eval:9f8e7d6c-1111" }, i18n.t)).toBe("申诉：订餐回归 · 评估 9f8e7d6c");
  });

  it("keeps the name its creator gave, and the stored name where the subject's is unknown", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "zh", resources: { zh: { translation: zh } } });
    expect(queueName({ name: "Weekly sample", appealsOf: null, appealsOfName: null }, i18n.t)).toBe("Weekly sample");
    expect(queueName({ name: "Appeals: old · run 1a2b3c4d", appealsOf: RUN, appealsOfName: null }, i18n.t)).toBe("Appeals: old · run 1a2b3c4d");
  });

  it("heads an appeals queue's page with its name alone, any other queue's as a queue", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "zh", resources: { en: { translation: en }, zh: { translation: zh } }, interpolation: { escapeValue: false } });
    const appeals = { name: "Appeals: 订餐回归 · run 1a2b3c4d", appealsOf: RUN, appealsOfName: "订餐回归" };
    expect(queueTitle(appeals, "q1", i18n.t)).toBe("申诉：订餐回归 · 运行 1a2b3c4d");
    expect(queueTitle({ name: "每周抽检", appealsOf: null }, "q1", i18n.t)).toBe("队列：每周抽检");
    expect(queueTitle(null, "q1", i18n.t)).toBe("队列：q1");
    await i18n.changeLanguage("en");
    expect(queueTitle(appeals, "q1", i18n.t)).toBe("Appeals: 订餐回归 · run 1a2b3c4d");
    expect(queueTitle({ name: "Booking QA" }, "q1", i18n.t)).toBe("Queue: Booking QA");
  });
});
