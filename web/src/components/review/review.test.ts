import { describe, expect, it } from "vitest";
import { canReview, caseReviewState, isFinished, kappaText, parseReviewTarget, percentText, withReportIndex } from "./review";

describe("human review", () => {
  it("lets only OPERATOR and ADMIN keys review", () => {
    expect(["ADMIN", "OPERATOR", "VIEWER", "AGENT", null, undefined, ""].map(canReview))
      .toEqual([true, true, false, false, false, false, false]);
  });

  it("reviews only what has ended", () => {
    expect(["COMPLETED", "CANCELLED", "FAILED"].every(isFinished)).toBe(true);
    expect(["RUNNING", "QUEUED", "EXECUTING", "PENDING_APPROVAL", null].some(isFinished)).toBe(false);
  });

  it("reads review targets, keeping a case key that holds # or :", () => {
    expect(parseReviewTarget("case:booking-zh#2")).toEqual({ kind: "case", caseKey: "booking-zh", attempt: 2 });
    expect(parseReviewTarget("case:a#b:c#0")).toEqual({ kind: "case", caseKey: "a#b:c", attempt: 0 });
    expect(parseReviewTarget("finding:3")).toEqual({ kind: "finding", index: 3 });
    expect(parseReviewTarget("session:5f0c")).toEqual({ kind: "session", id: "5f0c" });
    expect(parseReviewTarget("finding:x")).toEqual({ kind: "other", raw: "finding:x" });
    expect(parseReviewTarget("case:#1")).toEqual({ kind: "other", raw: "case:#1" });
    expect(parseReviewTarget("nothing")).toEqual({ kind: "other", raw: "nothing" });
  });

  it("writes agreement as a percentage and kappa with two decimals", () => {
    expect(percentText(5 / 6)).toBe("83.3%");
    expect(percentText(1)).toBe("100%");
    expect(kappaText(0.6153)).toBe("0.62");
    expect(kappaText(null)).toBeNull();
  });

  it("calls a case review confirmed when it keeps the automatic level", () => {
    expect(caseReviewState("PARTIAL", "PARTIAL")).toBe("confirmed");
    expect(caseReviewState("PARTIAL", "FAILURE")).toBe("corrected");
    expect(caseReviewState("PARTIAL", null)).toBeNull();
  });

  it("gives each finding its report index, from the server or its position", () => {
    const indexed = withReportIndex([{ index: 4, id: "a" }, { index: null, id: "b" }, { id: "c" }]);
    expect(indexed.map((f) => [f.id, f.reportIndex])).toEqual([["a", 4], ["b", 1], ["c", 2]]);
  });
});
