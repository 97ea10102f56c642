import { describe, expect, it } from "vitest";
import { apiErrorOf, errorsAt, fieldErrors } from "./errors";

describe("API errors", () => {
  const validation = apiErrorOf({
    message: "invalid input",
    extensions: { code: "VALIDATION_FAILED", details: [
      { path: "input.seeds.goals[0].goal", message: "required" },
      { path: "input.name", message: "must not be empty" },
    ] },
  });

  it("keeps the code, message and details", () => {
    expect(validation.code).toBe("VALIDATION_FAILED");
    expect(apiErrorOf({ message: "boom" }).code).toBe("INTERNAL");
  });

  it("finds each field's errors by its path, with or without the input prefix", () => {
    const errors = fieldErrors(validation);
    expect(errorsAt(errors, "name").map((e) => e.message)).toEqual(["must not be empty"]);
    expect(errorsAt(errors, "seeds.goals[0].goal").map((e) => e.message)).toEqual(["required"]);
    expect(errorsAt(errors, "seeds").map((e) => e.path)).toEqual(["input.seeds.goals[0].goal"]);
    expect(errorsAt(errors, "seeds.goals[1].goal")).toEqual([]);
    expect(errorsAt(errors, "nam")).toEqual([]);
  });

  it("has no field errors for other codes", () => {
    expect(fieldErrors({ code: "FORBIDDEN", message: "no", details: [{ path: "x", message: "y" }] })).toEqual([]);
  });
});
