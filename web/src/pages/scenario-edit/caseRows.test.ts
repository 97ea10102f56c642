import { describe, expect, it } from "vitest";
import { emptyCase } from "./draft";
import { addCase, duplicateCase, matchingCases, removeCase, replaceCase, rowsFrom, uniqueKey } from "./caseRows";

const rows = () => rowsFrom([{ ...emptyCase(1), key: "refund", messages: ["我要退款"], tags: ["money"] }, { ...emptyCase(2), key: "hello" }]);

describe("the editor's case rows", () => {
  it("gives every row its own id, kept when a case changes", () => {
    const start = rows();
    expect(new Set(start.map((r) => r.id)).size).toBe(2);
    const changed = replaceCase(start, 1, { ...start[1].draft, key: "hi" });
    expect(changed.map((r) => r.id)).toEqual(start.map((r) => r.id));
    expect(changed[1].draft.key).toBe("hi");
  });

  it("adds an empty case at the end with a key no other case has", () => {
    const start = rowsFrom([{ ...emptyCase(1), key: "case-2" }]);
    const added = addCase(start);
    expect(added).toHaveLength(2);
    expect(added[1].draft.key).toBe("case-2-2");
    expect(added[1].draft.messages).toEqual([""]);
  });

  it("duplicates a case right after it, as a deep copy with a new key and no origin", () => {
    const start = rows();
    start[0].draft.origin = { evalId: "e1" };
    const copied = duplicateCase(start, 0);
    expect(copied.map((r) => r.draft.key)).toEqual(["refund", "refund-copy", "hello"]);
    expect(copied[1].draft.origin).toBeNull();
    copied[1].draft.messages[0] = "changed";
    expect(copied[0].draft.messages[0]).toBe("我要退款");
    expect(duplicateCase(copied, 0)[1].draft.key).toBe("refund-copy-2");
    expect(copied[1].id).not.toBe(copied[0].id);
  });

  it("deletes only the case asked for", () => {
    const start = rows();
    expect(removeCase(start, 0).map((r) => r.id)).toEqual([start[1].id]);
  });

  it("finds cases by key, message or tag, any case", () => {
    const start = rows();
    expect(matchingCases(start, "")).toEqual([0, 1]);
    expect(matchingCases(start, "退款")).toEqual([0]);
    expect(matchingCases(start, "HELLO")).toEqual([1]);
    expect(matchingCases(start, "money")).toEqual([0]);
    expect(matchingCases(start, "nothing")).toEqual([]);
  });

  it("keeps a free key as it is", () => {
    expect(uniqueKey(rows(), "new")).toBe("new");
    expect(uniqueKey(rows(), "hello")).toBe("hello-2");
  });
});
