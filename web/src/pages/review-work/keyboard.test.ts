import { describe, expect, it } from "vitest";
import { actionForKey } from "./keyboard";

describe("the reviewing page's keys", () => {
  it("moves between items with j/k and the arrow keys", () => {
    expect(actionForKey({ key: "j" }, "page")).toEqual({ type: "next" });
    expect(actionForKey({ key: "ArrowRight" }, "page")).toEqual({ type: "next" });
    expect(actionForKey({ key: "k" }, "page")).toEqual({ type: "previous" });
    expect(actionForKey({ key: "ArrowLeft" }, "page")).toEqual({ type: "previous" });
  });

  it("gives the level with 1/2/3, rubric answers with y/n, and reads caps lock letters alike", () => {
    expect(actionForKey({ key: "1" }, "page")).toEqual({ type: "top", choice: 0 });
    expect(actionForKey({ key: "3" }, "page")).toEqual({ type: "top", choice: 2 });
    expect(actionForKey({ key: "Y" }, "page")).toEqual({ type: "answer", yes: true });
    expect(actionForKey({ key: "n" }, "page")).toEqual({ type: "answer", yes: false });
  });

  it("focuses the note with e and submits with Enter or s", () => {
    expect(actionForKey({ key: "e" }, "page")).toEqual({ type: "note" });
    expect(actionForKey({ key: "Enter" }, "page")).toEqual({ type: "submit" });
    expect(actionForKey({ key: "s" }, "page")).toEqual({ type: "submit" });
    expect(actionForKey({ key: "c" }, "page")).toEqual({ type: "claim" });
  });

  it("leaves typing in the note alone except Enter (submit), Shift+Enter (a new line) and Escape", () => {
    for (const key of ["j", "1", "y", "n", "e", "s", "ArrowLeft"]) expect(actionForKey({ key }, "note")).toBeNull();
    expect(actionForKey({ key: "Enter" }, "note")).toEqual({ type: "submit" });
    expect(actionForKey({ key: "Enter", shiftKey: true }, "note")).toBeNull();
    expect(actionForKey({ key: "Escape" }, "note")).toEqual({ type: "leaveNote" });
  });

  it("never takes keys typed in another field, with a modifier, or Enter on a focused button", () => {
    expect(actionForKey({ key: "j" }, "text")).toBeNull();
    expect(actionForKey({ key: "s", ctrlKey: true }, "page")).toBeNull();
    expect(actionForKey({ key: "1", metaKey: true }, "page")).toBeNull();
    expect(actionForKey({ key: "Enter" }, "control")).toBeNull();
    expect(actionForKey({ key: " " }, "control")).toBeNull();
    expect(actionForKey({ key: "y" }, "control")).toEqual({ type: "answer", yes: true });
    expect(actionForKey({ key: "x" }, "page")).toBeNull();
  });
});
