/**
 * One item as a reviewer sees it: the judged turn outlined and the quoted evidence marked, the
 * rule's criterion and the judge's reasoning beside it; a blind second review shows no earlier answer.
 */
import { MantineProvider } from "@mantine/core";
import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { emptyDraft } from "./draft";
import type { ShownAnswer } from "./EarlierAnswers";
import { ItemReview, type ItemShown } from "./ItemReview";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ resources: { en: { translation: en } }, lng: "en", interpolation: { escapeValue: false } });
});

const item: ItemShown = {
  id: "i1", stage: "SECOND", kind: "CASE", target: "case:c1#0", reasons: ["judgeSplit"],
  rubric: { successLevel: "SUCCESS", entries: [{ key: "rule:0", ruleType: "llm_judge", judged: true, verdict: true,
    quote: "We are sorry", turnIndex: 1, judgeModel: "judge-x", reasoning: "It apologised at turn 2.",
    params: { criteria: "The bot apologises for the delay." } }] },
  answers: [],
  transcript: [
    { role: "user", content: "Where is my parcel?", turn: 0 }, { role: "assistant", content: "Checking.", turn: 0 },
    { role: "user", content: "It is late!", turn: 1 }, { role: "assistant", content: "We are sorry <b>really</b>.", turn: 1 },
  ],
  appeal: null,
};

function render(shown: ItemShown): string {
  return renderToStaticMarkup(
    <MantineProvider><I18nextProvider i18n={i18n}>
      <ItemReview item={shown} draft={emptyDraft} submitted={false} busy={false} onDraft={() => {}} onSubmit={() => {}} />
    </I18nextProvider></MantineProvider>);
}

describe("an item under review", () => {
  it("outlines the judged turn, marks the quote as text, and shows the criterion and the reasoning", () => {
    const html = render(item);
    expect(html).toMatch(/data-highlighted="true"[^>]*aria-current="true"[^>]*>(?:(?!<li).)*Turn 2/);
    expect(html).toContain('<mark class="quoted-evidence">We are sorry</mark>');
    expect(html).toContain("&lt;b&gt;really&lt;/b&gt;"); // the bot's words are text, never HTML
    expect(html).toContain("The bot apologises for the delay.");
    expect(html).toContain("It apologised at turn 2.");
    expect(html).toContain("Judge: judge-x");
  });

  it("keeps a blind second review blind and shows both reviews to an arbitrator", () => {
    expect(render(item)).toContain("Blind second review");
    expect(render(item)).not.toContain("Earlier reviews");
    const answers: ShownAnswer[] = [
      { reviewer: "Ann (89c27b2a-f103-48e5-8712-d02dbd1ca217)", stage: "FIRST", answer: { successLevel: "FAILURE", entries: {} }, note: "rude", reviewedAt: "2026-12-06T08:00:00Z" },
      { reviewer: "Bo (d57b2759-434d-4922-9b97-75375ee11910)", stage: "SECOND", answer: { successLevel: "SUCCESS", entries: { "rule:0": { verdict: false, quoteRight: null } } }, note: null, reviewedAt: "2026-12-06T08:01:00Z" },
    ];
    const html = render({ ...item, stage: "ARBITRATION", answers });
    expect(html).toContain("Arbitration: the two reviews disagree");
    expect(html).toContain("Ann (First review)");
    expect(html).toContain("Bo (Second review (blind))");
    expect(html).toContain("Rubric verdicts changed (1): llm_judge");
  });
});
