import { describe, expect, it } from "vitest";
import { firstPage, nextPage, pageSizeFrom, previousPage } from "./paging";

describe("paging", () => {
  it("goes forward and back to the same cursors", () => {
    const second = nextPage(firstPage, "c1");
    const third = nextPage(second, "c2");
    expect(third.after).toBe("c2");
    expect(previousPage(third)).toEqual(second);
    expect(previousPage(previousPage(third))).toEqual(firstPage);
    expect(previousPage(firstPage)).toEqual(firstPage);
  });

  it("accepts only the offered page sizes", () => {
    expect(pageSizeFrom("200")).toBe(200);
    expect(pageSizeFrom("7")).toBe(20);
    expect(pageSizeFrom(null)).toBe(20);
  });
});
