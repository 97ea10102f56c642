/**
 * A list page's search, order, page size, page and filters, kept in the address
 * (`?q=…&sort=…&size=…&after=…&prev=…&status=…`) so Back, a reload or a shared link shows the same
 * list. The search reaches the server 300 ms after the last key press; changing any of them goes
 * back to the first page. Paging pushes a history entry (Back returns to the page before).
 */
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { firstPage, nextPage, pageFromParams, pageSizeFrom, pageToParams, previousPage, type PageState } from "./paging";

export const LIST_ORDERS = ["NEWEST_FIRST", "OLDEST_FIRST", "NAME_ASC", "NAME_DESC"] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

const SEARCH_DELAY_MS = 300;

function orderFrom(value: string | null, fallback: ListOrder): ListOrder {
  return (LIST_ORDERS as readonly string[]).includes(value ?? "") ? (value as ListOrder) : fallback;
}

export interface ListControls {
  /** What the search box shows (sent to the server once typing pauses). */
  searchText: string;
  setSearchText(text: string): void;
  order: ListOrder;
  setOrder(order: ListOrder): void;
  size: number;
  setSize(size: number): void;
  page: PageState;
  next(endCursor: string | null): void;
  previous(): void;
  /** Resets to the first page (for a page's own filters). */
  restart(): void;
  /** The query's variables. */
  variables: { first: number; after: string | null; search: string | null; orderBy: ListOrder };
  /** Whether a search or filter narrows the list (for the empty state's wording). */
  narrowed: boolean;
}

/** `prefix` names the address's parameters (`keys.q`) where one page shows several lists. */
export function useListControls(defaultOrder: ListOrder, filtered = false, prefix = ""): ListControls {
  const [params, setParams] = useSearchParams();
  const q = `${prefix}q`, sort = `${prefix}sort`, sizeParam = `${prefix}size`, afterParam = `${prefix}after`, prevParam = `${prefix}prev`;
  const search = params.get(q) ?? "";
  const order = orderFrom(params.get(sort), defaultOrder);
  const size = pageSizeFrom(params.get(sizeParam));
  const [searchText, setSearchText] = useState(search);
  const page = pageFromParams(params.get(afterParam), params.get(prevParam));

  const setPage = (state: PageState, replace: boolean) => setParams((current) => {
    const next = new URLSearchParams(current);
    const { after, prev } = pageToParams(state);
    if (after) next.set(afterParam, after); else next.delete(afterParam);
    if (prev !== null) next.set(prevParam, prev); else next.delete(prevParam);
    return next;
  }, { replace });

  const update = (changes: Record<string, string | null>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value); else next.delete(key);
      }
      next.delete(afterParam);
      next.delete(prevParam);
      return next;
    }, { replace: true });
  };

  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = window.setTimeout(() => update({ [q]: searchText.trim() || null }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  });

  return {
    searchText, setSearchText,
    order, setOrder: (value) => update({ [sort]: value === defaultOrder ? null : value }),
    size, setSize: (value) => update({ [sizeParam]: String(value) }),
    page,
    next: (endCursor) => setPage(nextPage(page, endCursor), false),
    previous: () => setPage(previousPage(page), false),
    restart: () => setPage(firstPage, true),
    variables: { first: size, after: page.after, search: search || null, orderBy: order },
    narrowed: !!search || filtered,
  };
}

/**
 * One filter of a list page kept in the address (`?status=RUNNING`): Back and shared links keep it.
 * Setting it goes back to the first page (`prefix` as for useListControls).
 */
export function useUrlFilter(name: string, prefix = ""): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) => setParams((current) => {
    const next = new URLSearchParams(current);
    if (value) next.set(name, value); else next.delete(name);
    next.delete(`${prefix}after`);
    next.delete(`${prefix}prev`);
    return next;
  }, { replace: true });
  return [params.get(name), set];
}
