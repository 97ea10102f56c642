/** Relay paging forwards with a stack of the cursors that opened each earlier page. */
export interface PageState {
  /** `after` cursors of the pages before the current one (the first page has none). */
  previous: (string | null)[];
  after: string | null;
}

export const firstPage: PageState = { previous: [], after: null };

export function nextPage(state: PageState, endCursor: string | null): PageState {
  return { previous: [...state.previous, state.after], after: endCursor };
}

export function previousPage(state: PageState): PageState {
  if (!state.previous.length) return state;
  return { previous: state.previous.slice(0, -1), after: state.previous[state.previous.length - 1] };
}

/** The page in the address: `after` (this page's cursor) and `prev` (the earlier pages' cursors, comma-separated; the first page's is empty). */
export function pageToParams(state: PageState): { after: string | null; prev: string | null } {
  if (state.after === null && state.previous.length === 0) return { after: null, prev: null };
  return { after: state.after, prev: state.previous.map((c) => c ?? "").join(",") };
}

export function pageFromParams(after: string | null, prev: string | null): PageState {
  if (!after) return firstPage;
  const previous = prev === null ? [null] : prev.split(",").map((c) => c || null);
  return { previous, after };
}

export const PAGE_SIZES = [20, 50, 100, 200] as const;

/** `?size=` from the address, if it is one of the offered sizes. */
export function pageSizeFrom(value: string | null): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0];
}
