import { describe, expect, it } from "vitest";
import { formatTime } from "./time";

describe("formatTime", () => {
  it("shows a dash for no time and the raw text for a bad one", () => {
    expect(formatTime(null, "en")).toBe("—");
    expect(formatTime("not a date", "en")).toBe("not a date");
  });

  it("formats in the given locale", () => {
    expect(formatTime("2026-01-02T03:04:05Z", "en-GB")).toMatch(/0[12]\/01\/2026/);
  });
});
