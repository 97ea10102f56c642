import { describe, expect, it } from "vitest";
import { formatOf, redactNames } from "./formats";

describe("log import choices", () => {
  it("guesses the format from the file name as the CLI does", () => {
    expect(formatOf("week.JSONL")).toBe("jsonl");
    expect(formatOf("export.csv")).toBe("csv");
    expect(formatOf("chats.json")).toBe("openai");
  });

  it("joins the pattern kinds and the typed metadata fields, once each", () => {
    expect(redactNames(["phone"], "customer, address，customer  phone")).toEqual(["phone", "customer", "address"]);
    expect(redactNames([], " ")).toEqual([]);
  });
});
