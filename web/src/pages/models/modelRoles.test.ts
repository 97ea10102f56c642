import { describe, expect, it } from "vitest";
import { paramsText, parseParams } from "./modelRoles";

describe("model params", () => {
  it("reads an object, refuses other JSON and non-JSON", () => {
    expect(parseParams('{"max_tokens": 200}')).toEqual({ params: { max_tokens: 200 }, error: null });
    expect(parseParams("")).toEqual({ params: null, error: null });
    expect(parseParams("[1]").error).toBe("models.paramsNotObject");
    expect(parseParams("{oops").error).toBe("models.paramsNotJson");
  });
  it("shows an empty object as an empty box", () => {
    expect(paramsText({})).toBe("");
    expect(paramsText({ structured_output: "auto" })).toContain('"structured_output": "auto"');
  });
});
