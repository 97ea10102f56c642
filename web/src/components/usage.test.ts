import { describe, expect, it } from "vitest";
import { costText, formatCost, formatCount, totalTokens } from "./usage";

const usage = { modelCalls: 12, promptTokens: 10_000, completionTokens: 2_345 };

describe("usage and cost as text", () => {
  it("shows a cost in its currency, keeping small amounts visible", () => {
    expect(formatCost(1.5, "USD", "en-US")).toBe("$1.50");
    expect(formatCost(0.01234, "USD", "en-US")).toBe("$0.0123");
    expect(formatCost(0.5, "CNY", "zh-CN")).toBe("¥0.50");
    expect(formatCost(12.3456, "EUR", "en-US")).toBe("€12.35");
  });

  it("writes an unknown currency after the number instead of failing", () => {
    expect(formatCost(2, "credits", "en-US")).toBe("2.00 credits");
    expect(formatCost(2, null, "en-US")).toBe("2.00");
  });

  it("says no price when the server could not price a model, and free when nothing was called", () => {
    expect(costText({ ...usage, estimatedCost: null, currency: null }, "en-US")).toEqual({ kind: "noPrice" });
    expect(costText({ ...usage, estimatedCost: undefined }, "en-US")).toEqual({ kind: "noPrice" });
    expect(costText({ modelCalls: 0, promptTokens: 0, completionTokens: 0, estimatedCost: 0, currency: null }, "en-US"))
      .toEqual({ kind: "free" });
    expect(costText({ ...usage, estimatedCost: 0.02, currency: "USD" }, "en-US")).toEqual({ kind: "cost", text: "$0.02" });
  });

  it("adds prompt and completion tokens and groups digits by locale", () => {
    expect(totalTokens(usage)).toBe(12_345);
    expect(formatCount(12_345, "en-US")).toBe("12,345");
  });
});
