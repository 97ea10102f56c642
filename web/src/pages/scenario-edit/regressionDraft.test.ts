import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../graphql/graphql";
import catalog from "../../components/schema-form/catalog.fixture.json";
import { caseDraft, casesInput, type StoredCase } from "./draft";

const schemas = new Map(catalog.ruleTypes.map((r) => [r.name, r.paramsSchema as unknown as JsonValue]));

const drafted: StoredCase = {
  key: "finding-4", type: "MULTI_TURN", messages: ["我想退货", "订单号是 DD20260801123"], expectation: null,
  ruleLogic: "ALL", rulePassThreshold: 0.7, successThreshold: 0.8, partialThreshold: 0.5, tags: ["退货处理"], evalRules: [],
  turnChecks: [{ turnIndex: 1, expect: { not_contains: "我没太明白您的意思" }, evalRules: [] }],
  origin: { evalId: "e1", sessionId: "s1", findingId: "e1:3", findingIndex: 3, evalName: "demo" },
};

describe("a regression draft in the editor", () => {
  it("saves its origin as given, without the eval's name the server only shows", () => {
    const { cases, problems } = casesInput([caseDraft(drafted, schemas)], schemas);
    expect(problems).toEqual([]);
    expect(cases[0].origin).toEqual({ evalId: "e1", sessionId: "s1", findingId: "e1:3", findingIndex: 3 });
    expect(cases[0].turnChecks).toEqual([{ turnIndex: 1, expect: { not_contains: "我没太明白您的意思" }, evalRules: [] }]);
  });

  it("leaves a hand-written case without an origin", () => {
    const { cases } = casesInput([caseDraft({ ...drafted, origin: null }, schemas)], schemas);
    expect("origin" in cases[0]).toBe(false);
  });
});
