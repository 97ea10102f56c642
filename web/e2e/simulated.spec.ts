/** Issue 25 item 3 in the UI: a simulated case played by the SIMULATOR model runs like any case; the case view
 * badges the turns the simulated user wrote and names why the dialog ended. */
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, test as suiteTest } from "./support/fixtures";
import { AgentEvalServer } from "./support/server";
import { startSimulatorModel } from "./support/simulatorModel";

const SIMULATED = resolve(import.meta.dirname, "../../examples/scenarios/simulated_users_llm.json");

// A SIMULATOR config cannot be removed again: a server of its own (as the Models spec has).
const test = suiteTest.extend<object, { server: AgentEvalServer }>({
  server: [async ({}, use) => { // eslint-disable-line no-empty-pattern -- Playwright reads the fixture list
    const server = await AgentEvalServer.start();
    await use(server);
    await server.stop();
  }, { scope: "worker", timeout: 90_000 }],
});

async function pickOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).last().click();
}

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
