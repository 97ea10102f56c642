import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";

const BOOKING = resolve(import.meta.dirname, "../../examples/scenarios/booking.json");

async function pickOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).last().click();
}

async function openNav(page: Page, name: string) {
  await page.getByRole("navigation").getByRole("link", { name, exact: true }).click();
}

test("the home page orients a newcomer and the demo target answers a probe", async ({ signedIn: page }) => {
  await openNav(page, "Home");
  await expect(page.getByRole("heading", { name: "Welcome to AgentEval" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Approve the demo eval/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start a demo campaign" })).toBeVisible();
  await screenshot(page, "home-en");
  await expectAccessible(page, "home");

  await openNav(page, "Targets");
  await expect(page.getByRole("heading", { name: "Targets" })).toBeVisible();
  await page.getByRole("table", { name: "Targets" }).getByRole("link", { name: "Mia (demo bot)", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Target: Mia (demo bot)" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "language" })).toBeVisible(); // generated from the schema
  await page.getByRole("button", { name: "Probe", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /Replied in \d+ ms/ })).toBeVisible();
  await page.getByRole("button", { name: "Delete target" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "CONFLICT" })).toBeVisible();
  await expect(page.getByText("still use this target")).toBeVisible();
  await screenshot(page, "target-en");
  await expectAccessible(page, "target");

  await page.getByText("中文").first().click();
  await openNav(page, "首页");
  await expect(page.getByRole("heading", { name: "欢迎使用 AgentEval" })).toBeVisible();
  await screenshot(page, "home-zh");
  await page.getByText("English").first().click();
});

test("a scenario file becomes a campaign, live runs, a report with failures first and a comparison", async ({ signedIn: page }) => {
  // A broken file shows the API's problems at their paths.
  await openNav(page, "Scenarios");
  await page.locator('input[type="file"]').setInputFiles({
    name: "broken.json", mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ name: "Broken", cases: [{ id: "a", messages: ["hi"], eval_rules: [{ type: "no_such_rule" }] }] })),
  });
  await expect(page.getByRole("alert").filter({ hasText: "VALIDATION_FAILED" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Problems to fix" })).toContainText("cases[0]");
  await screenshot(page, "scenario-import-error-en");
  // Broken YAML: the parser's line and column are in the message.
  await page.locator('input[type="file"]').setInputFiles({
    name: "broken.yaml", mimeType: "application/yaml", buffer: Buffer.from("name: Broken\ncases:\n  - id: a\n    messages: [hi\n"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "VALIDATION_FAILED" })).toContainText(/line \d+, column \d+/);

  await page.locator('input[type="file"]').setInputFiles(BOOKING);
  await expect(page.getByRole("heading", { name: "Demo bot - repair booking (model-free)" })).toBeVisible();
  await expect(page.getByText("booking-asks-for-a-time")).toBeVisible();
  await screenshot(page, "scenario-en");
  // Exported YAML is the scenario file format: it names the scenario and its cases.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export YAML" }).click();
  const exported = readFileSync(await (await downloading).path(), "utf8");
  expect(exported).toContain("name: Demo bot - repair booking (model-free)");
  expect(exported).toContain("booking-asks-for-a-time");

  // A campaign against the demo bot; a run's progress moves without a reload.
  await openNav(page, "Campaigns & runs");
  await page.getByRole("textbox", { name: "Name" }).fill("E2E booking");
  await pickOption(page, "Scenario", /^Demo bot - repair booking \(model-free\)/);
  await pickOption(page, "Targets", "Mia (demo bot)");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.getByRole("heading", { name: "Campaign: E2E booking" })).toBeVisible();
  await page.evaluate(() => { (window as unknown as { marker: string }).marker = "same page"; });
  await page.getByRole("button", { name: "Start run" }).click();
  const progress = page.getByTestId("run-progress").first();
  await expect(progress).toContainText(/of 5 done/);
  await expect(progress).toContainText("5 of 5 done", { timeout: 60_000 });
  await expect(page.getByRole("group", { name: /^Run / }).first()).toContainText("Completed");
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  await screenshot(page, "campaign-en");
  await expectAccessible(page, "campaign");

  // The report: metrics, failing cases first; one expands to the reply and the failing rule's reason.
  await page.getByRole("group", { name: /^Run / }).first().getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Run: E2E booking → Mia (demo bot)" })).toBeVisible();
  await expect(page.getByText("L3 success rate")).toBeVisible();
  await expect(page.getByRole("region", { name: "Latency per turn" }).locator(".recharts-surface")).toBeVisible();
  const cases = page.getByRole("list", { name: "Cases" }).getByRole("listitem");
  const first = page.getByRole("list", { name: "Cases" }).locator(":scope > li").first();
  await expect(first).toContainText("Failure");
  await expect(page.getByRole("list", { name: "Cases" }).locator(":scope > li").last()).toContainText("Success");
  await first.getByRole("button").first().click();
  await expect(first).toContainText("Reply:");
  await expect(first.getByText("failed").first()).toBeVisible();
  await screenshot(page, "run-en");
  await expectAccessible(page, "run report");
  await page.getByRole("combobox", { name: "Tag" }).click();
  await page.getByRole("option", { name: "flaw-1" }).click();
  await expect(page.getByRole("list", { name: "Cases" }).locator(":scope > li")).toHaveCount(2);
  await page.getByRole("combobox", { name: "Tag" }).click();
  await page.getByRole("option", { name: "flaw-1" }).click(); // picking it again clears the filter
  expect(await cases.count()).toBeGreaterThan(0);

  await page.getByText("中文").first().click();
  await expect(page.getByText("L3 成功率")).toBeVisible();
  await screenshot(page, "run-zh");
  await page.getByText("English").first().click();

  // A second run, then the two compared.
  await page.getByRole("link", { name: "Back to the campaign" }).click();
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("group", { name: /^Run / })).toHaveCount(2);
  await expect(page.getByTestId("run-progress").first()).toContainText("5 of 5 done", { timeout: 60_000 });
  for (const box of await page.getByRole("checkbox", { name: /^Pick / }).all()) await box.check();
  await page.getByRole("button", { name: "Compare the picked runs" }).click();
  await expect(page.getByRole("heading", { name: "Compare runs" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Compared runs" })).toContainText("E2E booking");
  await expect(page.getByRole("table", { name: "Cases × runs" })).toBeVisible();
  await screenshot(page, "compare-en");
  await expectAccessible(page, "compare");
  await page.getByText("中文").first().click();
  await expect(page.getByRole("heading", { name: "对比运行" })).toBeVisible();
  await screenshot(page, "compare-zh");
  await page.getByText("English").first().click();
});

test("the scenario editor adds a task_completion rule with two slots, once a JUDGE model is set", async ({ signedIn: page, server }) => {
  await openNav(page, "Scenarios");
  await page.locator('input[type="file"]').setInputFiles(BOOKING);
  await expect(page.getByRole("heading", { name: "Demo bot - repair booking (model-free)" })).toBeVisible();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: /^Edit: / })).toBeVisible();

  const firstCase = page.getByRole("group", { name: "Case booking-zh-complete" });
  await firstCase.getByRole("button", { name: "▸ Case booking-zh-complete" }).click(); // cases open folded
  await firstCase.getByRole("button", { name: "Add rule" }).click();
  const rule = firstCase.getByRole("group", { name: /^Rule 3:/ });
  await rule.getByRole("combobox", { name: "Rule type" }).click();
  await page.getByRole("option", { name: "task_completion" }).click();
  const tc = firstCase.getByRole("group", { name: "Rule 3: task_completion" });
  for (const [n, name, description] of [[1, "phone", "the phone number"], [2, "address", "the service address"]] as const) {
    await tc.getByRole("button", { name: "Add slot" }).click();
    await tc.getByRole("textbox", { name: `Required slots ${n}: name` }).fill(name);
    await tc.getByRole("textbox", { name: `Required slots ${n}: description` }).fill(description);
  }
  // Leaving with unsaved changes asks first.
  await openNav(page, "Scenarios");
  await expect(page.getByRole("alertdialog")).toContainText("unsaved changes");
  await page.getByRole("button", { name: "Stay" }).click();

  // The rule says at once that it needs a JUDGE model; saving anyway is refused by the API.
  await expect(page.getByRole("alert", { name: "This rule needs a JUDGE model" })).toBeVisible();
  await page.getByRole("button", { name: "Save scenario" }).click();
  await expect(page.getByRole("alert", { name: "The request failed" })).toContainText("JUDGE");
  await screenshot(page, "editor-needs-judge-en");

  await server.gql(`mutation($input: ModelConfigInput!) { setModelConfig(role: JUDGE, input: $input) { role } }`,
    { input: { provider: "openai", baseUrl: "http://127.0.0.1:9/v1", model: "judge-model" } });
  await page.getByRole("button", { name: "Save scenario" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await screenshot(page, "editor-en");
  await expectAccessible(page, "scenario editor");

  await page.getByRole("link", { name: "Back to the scenario" }).click();
  await expect(page.getByText(/task_completion/).first()).toBeVisible();
  await expect(page.getByText(/the service address/).first()).toBeVisible();
  await page.getByText("中文").first().click();
  await page.getByRole("link", { name: "编辑" }).click();
  await expect(page.getByRole("button", { name: "保存场景" })).toBeVisible();
  await screenshot(page, "editor-zh");
  await page.getByText("English").first().click();
});
