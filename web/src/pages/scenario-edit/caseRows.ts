/**
 * The editor's cases as rows with ids that survive adding, duplicating and deleting (React keys,
 * which cases are open), and the search that narrows a long scenario to the cases that match.
 * Plain, tested.
 */
import { emptyCase, type CaseDraft } from "./draft";

export interface CaseRow { id: number; draft: CaseDraft }

let lastId = 0;
const nextId = () => ++lastId;

export const rowsFrom = (drafts: readonly CaseDraft[]): CaseRow[] => drafts.map((draft) => ({ id: nextId(), draft }));

/** `base` if no case has it, else `base-2`, `base-3`, …: keys stay unique, as the server requires. */
export function uniqueKey(rows: readonly CaseRow[], base: string): string {
  const taken = new Set(rows.map((r) => r.draft.key));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A new empty case at the end, with a key no other case has. */
export function addCase(rows: readonly CaseRow[]): CaseRow[] {
  const draft = emptyCase(rows.length + 1);
  return [...rows, { id: nextId(), draft: { ...draft, key: uniqueKey(rows, draft.key) } }];
}

/** A copy of case `index` right after it, keyed `<key>-copy` (then -copy-2, …); its origin is not copied. */
export function duplicateCase(rows: readonly CaseRow[], index: number): CaseRow[] {
  const source = rows[index];
  if (!source) return [...rows];
  const draft: CaseDraft = structuredClone({ ...source.draft, origin: null });
  draft.key = uniqueKey(rows, `${source.draft.key}-copy`);
  return [...rows.slice(0, index + 1), { id: nextId(), draft }, ...rows.slice(index + 1)];
}

export const removeCase = (rows: readonly CaseRow[], index: number): CaseRow[] => rows.filter((_, n) => n !== index);

export const replaceCase = (rows: readonly CaseRow[], index: number, draft: CaseDraft): CaseRow[] =>
  rows.map((row, n) => (n === index ? { ...row, draft } : row));

/** Indices of the cases whose key, messages, tags or simulated goal contain `query` (case-insensitive); all for "". */
export function matchingCases(rows: readonly CaseRow[], query: string): number[] {
  const needle = query.trim().toLowerCase();
  const all = rows.map((_, i) => i);
  if (!needle) return all;
  return all.filter((i) => {
    const { key, messages, tags, simulated } = rows[i].draft;
    return [key, ...messages, ...tags, simulated?.goal ?? ""].some((text) => text.toLowerCase().includes(needle));
  });
}
