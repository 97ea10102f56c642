import { describe, expect, it } from "vitest";
import { emptySimulated, followUpLines, simulatedDraft, simulatedInput } from "./simulatedDraft";

// A stored SimulatedCase as the API returns it (the seeds' persona shape).
const stored = {
  persona: { name: "老王", background: "退休教师", personality: "急躁", patience: "low", age: 67 },
  goal: "预约空调上门维修", opening: "我家空调坏了", maxTurns: 8,
  stopWhen: { simulator: true, phrase: ["预约成功", "已为您登记"] }, followUps: ["我叫王伟", "电话 13800138000"], simulator: "model",
};

describe("simulated-user drafts", () => {
  it("turn a stored simulated case into form fields and back into the same CaseInput fields", () => {
    const draft = simulatedDraft(stored);
    expect(draft).toMatchObject({
      goal: "预约空调上门维修", opening: "我家空调坏了", maxTurns: 8, simulator: "model", followUps: "我叫王伟\n电话 13800138000",
      stopOnDone: true, stopPhrases: ["预约成功", "已为您登记"],
      persona: { name: "老王", background: "退休教师", personality: "急躁", patience: "low" }, personaExtra: { age: 67 },
    });
    const { fields, problems } = simulatedInput(draft, "cases[0]");
    expect(problems).toEqual([]);
    expect(fields).toEqual(stored); // the persona key the form has no field for is kept
  });

  it("send one stop phrase as a string, and leave out what is empty", () => {
    const draft = { ...emptySimulated(), goal: " book a repair ", followUps: "hi\n\n  my name is Li  \n", stopPhrases: ["booked", " "] };
    const { fields, problems } = simulatedInput(draft, "cases[1]");
    expect(problems).toEqual([]);
    expect(fields).toEqual({ persona: {}, goal: "book a repair", maxTurns: 10, stopWhen: { phrase: "booked" },
      followUps: ["hi", "my name is Li"], simulator: "script" });
    expect(followUpLines(" a \n\nb")).toEqual(["a", "b"]);
  });

  it("never send 'the simulator says it is done' for a script (the server refuses it there)", () => {
    const draft = { ...simulatedDraft(stored), simulator: "script" as const };
    expect(simulatedInput(draft, "cases[0]").fields.stopWhen).toEqual({ phrase: ["预约成功", "已为您登记"] });
  });

  it("report every wrong field at once at the API's paths", () => {
    const draft = { ...emptySimulated(), maxTurns: 51 };
    expect(simulatedInput(draft, "cases[2]").problems).toEqual([
      { path: "cases[2].goal", message: "required" },
      { path: "cases[2].maxTurns", message: "maxTurns" },
      { path: "cases[2].followUps", message: "scriptNeedsTurns" },
    ]);
    for (const maxTurns of [0, 2.5, "", "x"]) {
      expect(simulatedInput({ ...draft, goal: "g", opening: "hi", maxTurns }, "cases[0]").problems)
        .toEqual([{ path: "cases[0].maxTurns", message: "maxTurns" }]);
    }
    // a model user may start without an opening or follow-ups: it writes them
    expect(simulatedInput({ ...draft, goal: "g", maxTurns: 50, simulator: "model" }, "cases[0]").problems).toEqual([]);
  });

  it("read a missing or odd stored user as a fresh script", () => {
    expect(simulatedDraft(null)).toEqual(emptySimulated());
    const odd = simulatedDraft({ goal: "g", persona: { patience: "extreme" }, stopWhen: { phrase: "done" }, simulator: "script", maxTurns: 3 });
    expect(odd).toMatchObject({ simulator: "script", stopPhrases: ["done"], maxTurns: 3, persona: { patience: "" } });
  });
});
