/** Issue 25 item 3 in the UI: a simulated case is written in the editor's form fields and saved; one played by the
 * SIMULATOR model runs like any case; the case view badges the turns the simulated user wrote and names why the dialog ended. */
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, testWithOwnServer as test } from "./support/fixtures";
import { startSimulatorModel } from "./support/simulatorModel";

// It sets model configs, which no mutation removes: a server of its own.
test.use({ ownServerFor: "simulated" });

const SIMULATED = resolve(import.meta.dirname, "../../examples/scenarios/simulated_users_llm.json");

async function pickOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).last().click();
}

type StoredSimulated = { scenario: { cases: { key: string; type: string; simulated: Record<string, unknown> | null }[] } };

// First in the file: no SIMULATOR is configured yet on this worker's server (the next test sets one).
test("a new case becomes a simulated user through the form fields, is checked at its fields and saves", async ({ signedIn: page, server }) => {
  const { createScenario } = await server.gql<{ createScenario: { id: string } }>(
    `mutation($input: CreateScenarioInput!) { createScenario(input: $input) { id } }`,
    { input: { name: "E2E simulated form", cases: [{ key: "hello", messages: ["你好"] }] } });
  await page.goto(`/scenarios/${createScenario.id}/edit`);
  await page.getByRole("button", { name: "Add case" }).click();
  const added = page.getByRole("group", { name: "Case case-2" });
  await added.getByRole("combobox", { name: "Type", exact: true }).click();
  await page.getByRole("option", { name: "Simulated user" }).click();
  const user = added.getByRole("group", { name: "Simulated user" });
  const save = page.getByRole("button", { name: "Save scenario" });

  // Checked in the browser first: every problem at once, at its field, named for people.
  await save.click();
  const problems = page.getByRole("list", { name: "Problems to fix" });
  await expect(problems).toContainText("Case 2 › Goal: Required");
  await expect(problems).toContainText("Case 2 › Follow-ups (one per line): A script needs the user's turns");
  await expect(user.getByRole("textbox", { name: "Goal" })).toHaveAttribute("aria-invalid", "true");

  // The server's own check lands at its field too: a model user needs a SIMULATOR, and none is configured.
  await user.getByRole("textbox", { name: "Goal" }).fill("预约空调上门维修");
  await expect(problems).not.toContainText("Goal");
  await user.getByRole("combobox", { name: "Who plays the user" }).click();
  await page.getByRole("option", { name: "SIMULATOR model" }).click();
  await expect(user.getByRole("checkbox", { name: "Stop when the simulated user says it is done" })).toBeChecked();
  await save.click();
  await expect(problems).toContainText("Case 2 › Who plays the user: this simulated case needs a SIMULATOR model");
  await expect(user.getByRole("combobox", { name: "Who plays the user" })).toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "editor-simulated-errors-1280-en");

  // As a script it needs no model: opening, follow-ups, a stop phrase and a persona.
  await user.getByRole("combobox", { name: "Who plays the user" }).click();
  await page.getByRole("option", { name: /^Script/ }).click();
  await expect(user.getByRole("checkbox", { name: "Stop when the simulated user says it is done" })).toBeDisabled();
  await user.getByRole("textbox", { name: "Opening message" }).fill("我家空调坏了，想约师傅上门");
  await user.getByRole("textbox", { name: "Follow-ups (one per line)" }).fill("我叫王伟\n电话 13800138000\n周六上午");
  await user.getByRole("textbox", { name: "Max turns" }).fill("6");
  await user.getByRole("combobox", { name: "Stop phrases" }).fill("预约成功");
  await page.keyboard.press("Enter");
  await user.getByRole("textbox", { name: "Name" }).fill("老王");
  await user.getByRole("textbox", { name: "Background" }).fill("退休教师");
  await user.getByRole("combobox", { name: "Patience" }).click();
  await page.getByRole("option", { name: "Low" }).click();
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await screenshot(page, "editor-simulated-1280-en");
  await expectAccessible(page, "editor with a simulated case");

  const { scenario } = await server.gql<StoredSimulated>(
    `query($id: ID!) { scenario(id: $id) { cases { key type simulated { persona goal opening maxTurns stopWhen followUps simulator } } } }`,
    { id: createScenario.id });
  expect(scenario.cases[1]).toEqual({ key: "case-2", type: "SIMULATED", simulated: {
    persona: { name: "老王", background: "退休教师", patience: "low" }, goal: "预约空调上门维修",
    opening: "我家空调坏了，想约师傅上门", maxTurns: 6, stopWhen: { phrase: "预约成功" },
    followUps: ["我叫王伟", "电话 13800138000", "周六上午"], simulator: "script" } });

  // Stored, it opens in the same fields; in Chinese at a phone's width too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await added.getByRole("button", { name: "▸ Case case-2" }).click(); // stored cases open folded
  await expect(user.getByRole("textbox", { name: "Follow-ups (one per line)" })).toHaveValue("我叫王伟\n电话 13800138000\n周六上午");
  await screenshot(page, "editor-simulated-390-en");
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "zh"));
  await page.reload();
  await page.getByRole("button", { name: "▸ 用例 case-2" }).click();
  const userZh = page.getByRole("group", { name: "用例 case-2" }).getByRole("group", { name: "模拟用户" });
  await expect(userZh.getByRole("textbox", { name: "目标" })).toHaveValue("预约空调上门维修");
  await expect(userZh.getByRole("textbox", { name: "最多轮数" })).toHaveValue("6");
  await expect(userZh).toContainText("只有模型会表示结束");
  await screenshot(page, "editor-simulated-390-zh");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, "editor-simulated-1280-zh");
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "en"));
});

test("a simulated case played by the SIMULATOR runs from a campaign and its transcript shows the simulated user's turns", async ({ signedIn: page, server }) => {
  const model = await startSimulatorModel();
  try {
    await server.gql(`mutation($input: ModelConfigInput!) { setModelConfig(role: SIMULATOR, input: $input) { role } }`,
      { input: { provider: "openai", model: "sim-model", baseUrl: model.baseUrl, params: { retries: 0 } } });
    await page.getByRole("navigation").getByRole("link", { name: "Scenarios", exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles(SIMULATED);
    await expect(page.getByRole("heading", { name: "Demo bot - simulated users (SIMULATOR model)" })).toBeVisible();
    await expect(page.getByText("Simulated user (model, at most 8 turns) towards: 预约空调上门维修", { exact: false })).toBeVisible();
    await screenshot(page, "scenario-simulated-en");

    await page.getByRole("navigation").getByRole("link", { name: "Campaigns & runs", exact: true }).click();
    await page.getByRole("textbox", { name: "Name" }).fill("E2E simulated");
    await pickOption(page, "Scenario", /^Demo bot - simulated users \(SIMULATOR model\)/);
    await pickOption(page, "Targets", "Mia (demo bot)");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Create campaign" }).click();
    await page.getByRole("button", { name: "Start run" }).click();
    await expect(page.getByTestId("run-progress").first()).toContainText("2 of 2 done", { timeout: 60_000 });
    await page.getByRole("group", { name: /^Run / }).first().getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Run: E2E simulated → Mia (demo bot)" })).toBeVisible();

    const booking = page.getByRole("list", { name: "Cases" }).locator(":scope > li").filter({ hasText: "sim-booking-zh-model" });
    await booking.getByRole("button").first().click();
    await expect(booking.getByText("Simulated user played by the SIMULATOR model sim-model")).toBeVisible();
    await expect(booking).toContainText("ended: a stop phrase appeared in a reply — 预约成功");
    const turns = booking.getByRole("list").first().getByRole("listitem");
    await expect(turns).toHaveCount(4);
    await expect(turns.nth(0).getByText("simulated user")).toHaveCount(0); // the case's own opening
    await expect(turns.nth(1)).toContainText("simulated user");
    await expect(turns.nth(1)).toContainText("我叫王伟");
    await screenshot(page, "run-simulated-en");
    await expectAccessible(page, "run with a simulated case");

    await page.getByText("中文").first().click();
    const bookingZh = page.getByRole("list", { name: "用例" }).locator(":scope > li").filter({ hasText: "sim-booking-zh-model" });
    await expect(bookingZh.getByRole("list").first().getByRole("listitem").nth(1)).toContainText("模拟用户");
    await expect(bookingZh).toContainText("结束原因：回复中出现了结束短语");
    await screenshot(page, "run-simulated-zh");
    await page.getByText("English").first().click();
  } finally {
    await model.close();
  }
});
