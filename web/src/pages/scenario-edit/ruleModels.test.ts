import { describe, expect, it } from "vitest";
import { ruleModels } from "./ruleModels";

const types = [
  { name: "keyword_match", modelRole: null },
  { name: "task_completion", modelRole: "JUDGE" },
  { name: "semantic_similarity", modelRole: "EMBEDDING" },
];

describe("rules that need a model", () => {
  it("marks a JUDGE rule missing while no JUDGE model is configured", () => {
    const models = ruleModels(types, []);
    expect(models.get("task_completion")).toEqual({ role: "JUDGE", required: true, missing: true });
    expect(models.has("keyword_match")).toBe(false);
  });

  it("clears the mark once a JUDGE model is configured", () => {
    expect(ruleModels(types, ["JUDGE"]).get("task_completion")?.missing).toBe(false);
  });

  it("names other roles without refusing them (the server saves those rules)", () => {
    expect(ruleModels(types, []).get("semantic_similarity")).toEqual({ role: "EMBEDDING", required: false, missing: false });
  });
});
