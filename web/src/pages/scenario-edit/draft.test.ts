import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../graphql/graphql";
import catalog from "../../components/schema-form/catalog.fixture.json";
import { caseDraft, casesInput, itemsFrom, itemsText, move, ruleDraft, taxonomyFrom, taxonomyText, type StoredCase } from "./draft";

const schemas = new Map(catalog.ruleTypes.map((r) => [r.name, r.paramsSchema as unknown as JsonValue]));

const stored: StoredCase = {
  key: "book", type: "MULTI_TURN", messages: ["hi", "my phone is 555"], expectation: { contains: "booked" },
  ruleLogic: "WEIGHTED", rulePassThreshold: 0.6, successThreshold: 0.9, partialThreshold: 0.4, tags: ["zh"],
  evalRules: [
    { type: "keyword_match", params: { keywords: ["555"], mode: "all" }, weight: 2 },
    { type: "task_completion", params: { mode: "slot", required_slots: [{ name: "phone", description: "the phone" }], cache: true }, weight: 1 },
  ],
};

describe("scenario drafts", () => {
  it("turn a stored case into a draft and back into the same input", () => {
    const { cases, problems } = casesInput([caseDraft(stored, schemas)], schemas);
    expect(problems).toEqual([]);
    const rules = cases[0].evalRules;
    expect(rules[0]).toEqual({ type: "keyword_match", params: expect.objectContaining({ keywords: ["555"], mode: "all" }), weight: 2 });
    expect(rules[1].params).toMatchObject({ mode: "slot", required_slots: [{ name: "phone", description: "the phone" }], cache: true });
    expect(cases[0]).toMatchObject({ key: "book", messages: ["hi", "my phone is 555"], expectation: { contains: "booked" }, ruleLogic: "WEIGHTED", tags: ["zh"] });
  });

  it("keep a simulated case's user through a draft: saved with its fields and no messages", () => {
    const simulated = { persona: { name: "Li" }, goal: "book a repair", opening: "hi", maxTurns: 4,
      stopWhen: { simulator: true }, followUps: [], simulator: "model" };
    const draft = caseDraft({ ...stored, type: "SIMULATED", messages: [], evalRules: [], simulated }, schemas);
    const { cases, problems } = casesInput([draft], schemas);
    expect(problems).toEqual([]);
    const { persona, goal, opening, maxTurns, stopWhen, simulator } = simulated; // no follow-ups: left out
    expect(cases[0]).toMatchObject({ type: "SIMULATED", messages: [], turnChecks: [], persona, goal, opening, maxTurns, stopWhen, simulator });
    expect(cases[0]).not.toHaveProperty("followUps");
    const broken = casesInput([{ ...draft, simulated: { ...draft.simulated!, goal: " " } }], schemas);
    expect(broken.problems).toEqual([{ path: "cases[0].goal", message: "required" }]);
  });

  it("send no simulated fields for a case switched away from SIMULATED", () => {
    const simulated = { persona: {}, goal: "g", maxTurns: 3, stopWhen: {}, followUps: ["a"], simulator: "script" };
    const draft = caseDraft({ ...stored, type: "SIMULATED", messages: [], evalRules: [], simulated }, schemas);
    const { cases } = casesInput([{ ...draft, type: "MULTI_TURN", messages: ["hi"], turns: [{ expect: "", rules: [] }] }], schemas);
    expect(cases[0]).not.toHaveProperty("goal");
    expect(cases[0].messages).toEqual(["hi"]);
  });

  it("keep per-turn checks with their message and rule scopes through a draft", () => {
    const withChecks: StoredCase = {
      ...stored,
      evalRules: [{ type: "keyword_match", params: { keywords: ["555"] }, weight: 1, scope: "last_turn" }],
      turnChecks: [{ turnIndex: 1, expect: { contains: "booked" }, evalRules: [
        { type: "keyword_match", params: { keywords: ["RP"] }, weight: 1, scope: "turn" }] }],
    };
    const draft = caseDraft(withChecks, schemas);
    expect(draft.turns[0]).toEqual({ expect: "", rules: [] });
    const { cases, problems } = casesInput([draft], schemas);
    expect(problems).toEqual([]);
    expect(cases[0].evalRules[0].scope).toBe("last_turn");
    expect(cases[0].turnChecks).toEqual([{ turnIndex: 1, expect: { contains: "booked" }, evalRules: [
      { type: "keyword_match", params: expect.objectContaining({ keywords: ["RP"] }), weight: 1, scope: "turn" }] }]);
    const bad = { ...draft, turns: [draft.turns[0], { ...draft.turns[1], expect: "{nope" }] };
    expect(casesInput([bad], schemas).problems).toEqual([{ path: "cases[0].messages[1].expect", message: "json" }]);
  });

  it("send no turn checks for a case without them", () => {
    expect(casesInput([caseDraft(stored, schemas)], schemas).cases[0].turnChecks).toEqual([]);
  });

  it("report JSON that does not parse at the API's kind of path", () => {
    const draft = { ...caseDraft(stored, schemas), expectation: "{oops" };
    expect(casesInput([draft], schemas).problems).toEqual([{ path: "cases[0].expectation", message: "json" }]);
  });

  it("start a new rule of each type from its schema", () => {
    for (const type of schemas.keys()) expect(ruleDraft(type, schemas).type).toBe(type);
  });

  it("edit slots and taxonomies as rows", () => {
    const items = [{ name: "phone", description: "the phone" }, { name: "address", description: "where" }];
    expect(itemsFrom(itemsText(items))).toEqual(items);
    expect(taxonomyFrom(taxonomyText(items))).toEqual(items);
    expect(itemsFrom("not json")).toEqual([]);
  });

  it("move messages up and down within the list", () => {
    expect(move(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(move(["a", "b"], 1, 1)).toEqual(["a", "b"]);
  });
});
