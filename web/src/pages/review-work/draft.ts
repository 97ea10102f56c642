/**
 * One item's answer while it is being given: the top answer (level, goal achieved, finding
 * valid), the rubric's questions answered with y/n and the note; and the answer it becomes.
 *
 * Each rubric entry asks "is the automatic verdict right?" and, when it quotes, "is the
 * quote right?". The cursor walks these questions; y/n answers the one under it and moves on.
 * A "no" to the verdict question records the opposite verdict, as the API wants verdicts.
 */
import type { JsonValue } from "../../graphql/graphql";
import { asksLevel, LEVELS, type ItemKind, type Level, type RubricEntry } from "../../components/review-queues/rubric";

export interface Question {
  entryKey: string;
  field: "verdict" | "quoteRight";
}

export interface Draft {
  top: Level | boolean | null;
  /** entry key → whether the automatic verdict is right / whether its quote is right. */
  verdictRight: Record<string, boolean>;
  quoteRight: Record<string, boolean>;
  cursor: number;
  note: string;
}

export const emptyDraft: Draft = { top: null, verdictRight: {}, quoteRight: {}, cursor: 0, note: "" };

export function questionsOf(entries: readonly RubricEntry[]): Question[] {
  return entries.flatMap((entry) => [
    { entryKey: entry.key, field: "verdict" as const },
    ...(entry.quote ? [{ entryKey: entry.key, field: "quoteRight" as const }] : []),
  ]);
}

/** 1/2/3: a level for a case or conversation; 1 yes and 2 no for a session or a finding. */
export function chooseTop(draft: Draft, kind: ItemKind, choice: 0 | 1 | 2): Draft {
  if (asksLevel(kind)) return { ...draft, top: LEVELS[choice] };
  if (choice === 2) return draft;
  return { ...draft, top: choice === 0 };
}

/** y/n on the question under the cursor; the cursor moves to the next question. */
export function answerQuestion(draft: Draft, questions: readonly Question[], yes: boolean): Draft {
  const question = questions[draft.cursor];
  if (!question) return draft;
  const cursor = Math.min(draft.cursor + 1, questions.length - 1);
  if (question.field === "verdict") {
    return { ...draft, cursor, verdictRight: { ...draft.verdictRight, [question.entryKey]: yes } };
  }
  return { ...draft, cursor, quoteRight: { ...draft.quoteRight, [question.entryKey]: yes } };
}

/** A click on one question's answer: answered, and the cursor put there. */
export function answerAt(draft: Draft, questions: readonly Question[], index: number, yes: boolean): Draft {
  return answerQuestion({ ...draft, cursor: index }, questions, yes);
}

export type Built = { ok: true; answer: { [key: string]: JsonValue } } | { ok: false; missing: "top" };

/** The answer the API takes: the top answer, and the entries the reviewer checked. */
export function buildAnswer(kind: ItemKind, draft: Draft, entries: readonly RubricEntry[]): Built {
  if (draft.top === null) return { ok: false, missing: "top" };
  const checked: { [key: string]: JsonValue } = {};
  for (const entry of entries) {
    const right = draft.verdictRight[entry.key];
    if (right === undefined) continue; // a quote judged without its verdict says nothing to count
    checked[entry.key] = { verdict: right ? entry.verdict : !entry.verdict, quoteRight: draft.quoteRight[entry.key] ?? null };
  }
  const top = kind === "SESSION" ? "goalAchieved" : kind === "FINDING" ? "findingValid" : "successLevel";
  return { ok: true, answer: { [top]: draft.top, entries: checked } };
}
