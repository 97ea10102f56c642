import { describe, expect, it } from "vitest";
import { agreementText, kappaText } from "./figures";

describe("report figures", () => {
  it("writes agreement as agreed of reviewed with a percentage, and κ with its interval", () => {
    const figures = { agreement: { reviewed: 4, agreed: 3, agreement: 0.75, kappa: 0.4231 }, kappaLow: 0.1, kappaHigh: 0.7 };
    expect(agreementText(figures, "—")).toBe("3/4 (75%)");
    expect(kappaText(figures, "—", "undefined")).toBe("0.42 (0.10 – 0.70)");
  });

  it("says when nothing was reviewed or κ is undefined", () => {
    expect(agreementText({ agreement: null, kappaLow: null, kappaHigh: null }, "—")).toBe("—");
    const same = { agreement: { reviewed: 2, agreed: 2, agreement: 1, kappa: null }, kappaLow: null, kappaHigh: null };
    expect(kappaText(same, "—", "undefined")).toBe("undefined");
  });
});
