import { describe, expect, it } from "vitest";
import { readTranscript, splitByQuote, turnOfQuote } from "./highlight";

describe("the quoted evidence in a message", () => {
  it("marks every occurrence of the quote and keeps the rest as text", () => {
    expect(splitByQuote("好的，明天下午三点。好的", " 好的 ")).toEqual([
      { text: "好的", quoted: true }, { text: "，明天下午三点。", quoted: false }, { text: "好的", quoted: true },
    ]);
  });

  it("leaves a message without the quote, or without a quote at all, whole", () => {
    expect(splitByQuote("no match here", "absent")).toEqual([{ text: "no match here", quoted: false }]);
    expect(splitByQuote("text", null)).toEqual([{ text: "text", quoted: false }]);
  });

  it("finds the quote's turn when the rubric has none, and reads only well-formed messages", () => {
    const messages = readTranscript([{ role: "user", content: "hi", turn: 0 }, { role: "assistant", content: "booked for 3pm", turn: 0 },
      { role: "user", content: "thanks", turn: 1 }, "junk", { role: "user" }]);
    expect(messages).toHaveLength(3);
    expect(turnOfQuote(messages, "3pm")).toBe(0);
    expect(turnOfQuote(messages, "nothing")).toBeNull();
  });
});
