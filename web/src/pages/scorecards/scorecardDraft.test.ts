import { describe, expect, it } from "vitest";
import catalog from "../../components/schema-form/catalog.fixture.json";
import type { JsonValue } from "../../graphql/graphql";
import { conversationFrom, documentFrom, draftFrom, emptyDraft, newItem } from "./scorecardDraft";

const schemas = new Map(catalog.ruleTypes.map((r) => [r.name, r.paramsSchema as unknown as JsonValue]));
// A QA operator's schema, as ruleTypes serves it (the fixture predates the QA operators).
schemas.set("qa_phrase", {
  type: "object", additionalProperties: false, required: ["phrases"],
  properties: {
    role: { enum: ["bot", "user", "both"], default: "bot" },
    position: { enum: ["all", "first", "last", "range"], default: "all" },
    count: { type: "integer", minimum: 1, default: 1 },
    phrases: { type: "array", items: { type: "string" } },
    expect: { enum: ["present", "absent"], default: "present" },
  },
});

const DOCUMENT: JsonValue = {
  name: "mia-qa", version: 1, pass_band: "合格",
  bands: [{ name: "优", min: 90 }, { name: "合格", min: 60 }, { name: "不合格", min: 0 }],
  items: [
    { id: "greeting", title: "首句未问候", points: -5,
      check: { type: "qa_phrase", params: { position: "first", phrases: ["您好", "hello"] } } },
    { id: "promise", points: -100, critical: true, cap: 100,
      check: { type: "qa_phrase", params: { expect: "absent", phrases: ["保证退款"] } } },
  ],
};

describe("scorecard drafts", () => {
  it("turns a stored document into rows and back without losing an item's settings", () => {
    const draft = draftFrom(DOCUMENT, schemas);
    expect(draft.items.map((i) => [i.id, i.points, i.critical])).toEqual([["greeting", -5, false], ["promise", -100, true]]);
    const { document, problems } = documentFrom(draft, schemas);
    expect(problems).toEqual([]);
    expect(document.items).toEqual([
      { id: "greeting", title: "首句未问候", points: -5,
        check: { type: "qa_phrase", params: { position: "first", phrases: ["您好", "hello"] } } },
      { id: "promise", points: -100, cap: 100, critical: true,
        check: { type: "qa_phrase", params: { expect: "absent", phrases: ["保证退款"] } } },
    ]);
    expect(document.pass_band).toBe("合格");
  });

  it("edits as the next version, so a stored version never changes", () => {
    expect(draftFrom(DOCUMENT, schemas, true).version).toBe(2);
  });

  it("names each local problem at its field", () => {
    const draft = emptyDraft(schemas);
    draft.items.push({ ...newItem(1, schemas) });
    const paths = documentFrom(draft, schemas).problems.map((p) => p.path);
    expect(paths).toContain("scorecard.name");
    expect(paths).toContain("scorecard.items[1].id");
    expect(paths).toContain("scorecard.items[0].check.params.phrases");
  });

  it("reads a pasted conversation in Chinese or English", () => {
    expect(conversationFrom("客户：空调坏了\n坐席：您好，请问您怎么称呼？\n还需要地址\nuser: hi")).toEqual([
      { role: "user", content: "空调坏了" },
      { role: "assistant", content: "您好，请问您怎么称呼？\n还需要地址" },
      { role: "user", content: "hi" },
    ]);
  });
});
