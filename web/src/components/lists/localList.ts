/**
 * Search, order and paging done in the browser, for lists the page already holds whole
 * (API keys, webhooks, a campaign's runs): the same controls and pager as the server-side
 * lists, with the item's offset as the page cursor.
 */
import type { ListOrder } from "./useListControls";

export interface LocalListOptions<T> {
  /** What the search matches (case-insensitive, anywhere) and NAME_* orders by. */
  name(item: T): string;
  /** ISO time for NEWEST_FIRST / OLDEST_FIRST. */
  created(item: T): string;
}

export interface LocalPage<T> {
  rows: T[];
  connection: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

export function localPage<T>(items: readonly T[], variables: { first: number; after: string | null; search: string | null; orderBy: ListOrder },
  options: LocalListOptions<T>): LocalPage<T> {
  const needle = (variables.search ?? "").trim().toLowerCase();
  const matching = needle ? items.filter((item) => options.name(item).toLowerCase().includes(needle)) : [...items];
  const byName = (a: T, b: T) => options.name(a).localeCompare(options.name(b));
  const byTime = (a: T, b: T) => options.created(a).localeCompare(options.created(b));
  const compare = {
    NEWEST_FIRST: (a: T, b: T) => byTime(b, a), OLDEST_FIRST: byTime, NAME_ASC: byName, NAME_DESC: (a: T, b: T) => byName(b, a),
  }[variables.orderBy];
  matching.sort(compare);
  const offset = Math.max(0, Number(variables.after ?? 0) || 0);
  const end = offset + variables.first;
  return {
    rows: matching.slice(offset, end),
    connection: { totalCount: matching.length, pageInfo: { hasNextPage: end < matching.length, endCursor: String(end) } },
  };
}
