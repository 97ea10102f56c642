import { describe, expect, it } from "vitest";
import { scenarioOptions, targetVariables } from "./regressionTarget";

describe("the regression dialog", () => {
  it("tells same-named scenarios apart by their id's end", () => {
    const options = scenarioOptions([
      { id: "aaaa-111111", name: "Regressions" }, { id: "bbbb-222222", name: "Regressions" }, { id: "c-1", name: "Other" },
    ]);
    expect(options.map((o) => o.label)).toEqual(["Regressions (…111111)", "Regressions (…222222)", "Other"]);
  });

  it("asks for exactly one of an existing scenario or a new name", () => {
    expect(targetVariables({ mode: "existing", scenarioId: null })).toBeNull();
    expect(targetVariables({ mode: "existing", scenarioId: "s1" })).toEqual({ scenarioId: "s1" });
    expect(targetVariables({ mode: "new", name: "  " })).toBeNull();
    expect(targetVariables({ mode: "new", name: " Regressions " })).toEqual({ newScenarioName: "Regressions" });
  });
});
