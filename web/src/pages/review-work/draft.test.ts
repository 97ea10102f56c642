import { describe, expect, it } from "vitest";
import { median, personOf, readRubric } from "../../components/review-queues/rubric";
import { answerAt, answerQuestion, buildAnswer, chooseTop, emptyDraft, questionsOf } from "./draft";

const rubric = readRubric({
  successLevel: "SUCCESS",
  entries: [
    { key: "rule:0", ruleType: "llm_judge", judged: true, verdict: true, quote: "好的", turnIndex: 1, reasoning: "polite" },
    { key: "scorecard:1:greeting", ruleType: "scorecard:greeting", verdict: false, quote: null },
  ],
});

describe("an answer built from the keys", () => {
  it("asks the verdict of every entry and the quote only where there is one", () => {
    expect(questionsOf(rubric.entries)).toEqual([
      { entryKey: "rule:0", field: "verdict" },
      { entryKey: "rule:0", field: "quoteRight" },
      { entryKey: "scorecard:1:greeting", field: "verdict" },
    ]);
  });

  it("records the opposite verdict for a 'no' and walks the questions in order", () => {
    const questions = questionsOf(rubric.entries);
    let draft = chooseTop(emptyDraft, "CASE", 1);
    draft = answerQuestion(draft, questions, false); // rule:0's pass is wrong
    draft = answerQuestion(draft, questions, true); // its quote is right
    draft = answerQuestion(draft, questions, true); // the scorecard item did not fire: right
    expect(draft.cursor).toBe(2); // stays on the last question
    expect(buildAnswer("CASE", draft, rubric.entries)).toEqual({ ok: true, answer: {
      successLevel: "PARTIAL",
      entries: { "rule:0": { verdict: false, quoteRight: true }, "scorecard:1:greeting": { verdict: false, quoteRight: null } },
    } });
  });

  it("refuses to build without the top answer, and leaves unanswered entries out", () => {
    expect(buildAnswer("CASE", emptyDraft, rubric.entries)).toEqual({ ok: false, missing: "top" });
    const questions = questionsOf(rubric.entries);
    const quoteOnly = answerAt(chooseTop(emptyDraft, "CASE", 2), questions, 1, false);
    expect(buildAnswer("CASE", quoteOnly, rubric.entries)).toEqual({ ok: true, answer: { successLevel: "FAILURE", entries: {} } });
  });

  it("answers a session's goal and a finding's validity with 1 (yes) and 2 (no), ignoring 3", () => {
    expect(buildAnswer("SESSION", chooseTop(emptyDraft, "SESSION", 1), [])).toEqual({ ok: true, answer: { goalAchieved: false, entries: {} } });
    expect(buildAnswer("FINDING", chooseTop(emptyDraft, "FINDING", 0), [])).toEqual({ ok: true, answer: { findingValid: true, entries: {} } });
    expect(chooseTop(emptyDraft, "SESSION", 2).top).toBeNull();
  });

  it("gives the median time of the reviews", () => {
    expect(median([])).toBeNull();
    expect(median([30, 10, 20])).toBe(20);
    expect(median([10, 20, 30, 40])).toBe(25);
  });

  it("shows a reviewer by name, keeping a name that merely ends in brackets", () => {
    expect(personOf("Ann (89c27b2a-f103-48e5-8712-d02dbd1ca217)")).toBe("Ann");
    expect(personOf("admin (AGENTEVAL_ADMIN_KEY) (cdf3b242-f80d-478e-bb6c-271124d25f01)")).toBe("admin (AGENTEVAL_ADMIN_KEY)");
    expect(personOf("Bo (night shift)")).toBe("Bo (night shift)");
  });
});
