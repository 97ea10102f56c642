import { describe, expect, it } from "vitest";
import { firstPage, nextPage, pageFromParams, pageSizeFrom, pageToParams, previousPage } from "./paging";

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

  it("writes the page into the address and reads the same page back", () => {
    const second = nextPage(firstPage, "YXJyYXk6MTk=");
    const third = nextPage(second, "YXJyYXk6Mzk=");
    expect(pageToParams(firstPage)).toEqual({ after: null, prev: null });
    expect(pageToParams(third)).toEqual({ after: "YXJyYXk6Mzk=", prev: ",YXJyYXk6MTk=" });
    for (const state of [firstPage, second, third]) {
      const { after, prev } = pageToParams(state);
      expect(pageFromParams(after, prev)).toEqual(state);
    }
    expect(previousPage(pageFromParams("YXJyYXk6Mzk=", ",YXJyYXk6MTk="))).toEqual(second);
    // A shared link with only `after` still goes back to the first page.
    expect(previousPage(pageFromParams("c1", null))).toEqual(firstPage);
  });
});
