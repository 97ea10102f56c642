import { describe, expect, it } from "vitest";
import { localPage } from "./localList";

const items = [
  { name: "ci gate", at: "2026-01-02" }, { name: "Alice", at: "2026-01-03" }, { name: "CI nightly", at: "2026-01-01" },
];
type Item = { name: string; at: string };
const options = { name: (i: Item) => i.name, created: (i: Item) => i.at };

describe("local lists", () => {
  it("search by part of the name, case-insensitive, in the chosen order", () => {
    const page = localPage(items, { first: 20, after: null, search: "ci", orderBy: "NAME_ASC" }, options);
    expect(page.rows.map((i) => i.name)).toEqual(["ci gate", "CI nightly"]);
    expect(page.connection.totalCount).toBe(2);
  });

  it("page through with the offset as the cursor", () => {
    const first = localPage(items, { first: 2, after: null, search: null, orderBy: "NEWEST_FIRST" }, options);
    expect(first.rows.map((i) => i.name)).toEqual(["Alice", "ci gate"]);
    expect(first.connection.pageInfo).toEqual({ hasNextPage: true, endCursor: "2" });
    const second = localPage(items, { first: 2, after: "2", search: null, orderBy: "NEWEST_FIRST" }, options);
    expect(second.rows.map((i) => i.name)).toEqual(["CI nightly"]);
    expect(second.connection.pageInfo.hasNextPage).toBe(false);
  });
});
