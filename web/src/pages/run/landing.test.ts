import { describe, expect, it } from "vitest";
import { landingFrom } from "./landing";

describe("landingFrom", () => {
  it("reads the case, its attempt and the turn counted from 1", () => {
    expect(landingFrom(new URLSearchParams("case=booking%201&attempt=2&turn=3"))).toEqual({ caseKey: "booking 1", attempt: 2, turn: 2 });
    expect(landingFrom(new URLSearchParams("case=b"))).toEqual({ caseKey: "b", attempt: 0, turn: null });
  });
  it("ignores what is not a case or not a number", () => {
    expect(landingFrom(new URLSearchParams("turn=2"))).toBeNull();
    expect(landingFrom(new URLSearchParams("case=b&attempt=x&turn=0"))).toEqual({ caseKey: "b", attempt: 0, turn: null });
  });
});
