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

export const PAGE_SIZES = [20, 50, 100, 200] as const;

/** `?size=` from the address, if it is one of the offered sizes. */
export function pageSizeFrom(value: string | null): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0];
}
