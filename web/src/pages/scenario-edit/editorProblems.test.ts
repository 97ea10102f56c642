import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import catalog from "../../components/schema-form/catalog.fixture.json";
import type { JsonValue } from "../../graphql/graphql";
import { en } from "../../i18n/en";
import { zh } from "../../i18n/zh";
import { caseDraft, type StoredCase } from "./draft";
import { casesWithProblems, draftProblems } from "./editorProblems";

const schemas = new Map(catalog.ruleTypes.map((r) => [r.name, r.paramsSchema as unknown as JsonValue]));

beforeAll(async () => {
  await i18next.init({ resources: { en: { translation: en }, zh: { translation: zh } }, lng: "en", interpolation: { escapeValue: false } });
});

const stored: StoredCase = {
  key: "c", type: "MULTI_TURN", messages: ["hi", "bye"], expectation: null, ruleLogic: "ALL",
  rulePassThreshold: 0.7, successThreshold: 0.8, partialThreshold: 0.5, tags: [],
  evalRules: [{ type: "response_time", params: { max_ms: -5 }, weight: 1 }],
  turnChecks: [{ turnIndex: 1, expect: null, evalRules: [{ type: "keyword_match", params: { keywords: [] }, weight: 1, scope: "turn" }] }],
};

describe("the scenario editor's problems", () => {
  it("checks case and per-turn rule params against their schemas, all at once, at API paths", () => {
    const problems = draftProblems([caseDraft(stored, schemas)], schemas, "en");
    expect(problems.map((p) => p.path)).toEqual(expect.arrayContaining([
      "cases[0].eval_rules[0].params.max_ms", "cases[0].messages[1].eval_rules[0].params.keywords",
    ]));
    expect(casesWithProblems(problems)).toEqual([0]);
  });

  it("says a problem once when the text does not parse", () => {
    const draft = caseDraft({ ...stored, evalRules: [{ type: "response_time", params: { max_ms: 100 }, weight: 1 }], turnChecks: [] }, schemas);
    draft.rules[0].values = { ...draft.rules[0].values, max_ms: "abc" };
    expect(draftProblems([draft], schemas, "zh")).toEqual([{ path: "cases[0].eval_rules[0].params.max_ms", message: "number" }]);
  });
});
