/** Issue 41 points 2–3: the scenario editor at real size, a new scenario from scratch, rules that need a model. */
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";
import type { Page } from "@playwright/test";

async function language(page: Page, lang: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), lang);
}

function bigScenario(size: number): string {
  return JSON.stringify({
    name: `E2E ${size} cases`,
    cases: Array.from({ length: size }, (_, i) => ({
      id: `case-${String(i + 1).padStart(4, "0")}`, type: "multi_turn",
      messages: [`message of case ${i + 1}`, "我叫张三"],
      eval_rules: [{ type: "keyword_match", params: { keywords: ["ok"] } }],
      tags: [i % 2 ? "zh" : "en"],
    })),
  });
}

test("a 1,000-case scenario opens folded and virtualised, finds a case, duplicates and deletes it in place, and saves", async ({ signedIn: page, server }) => {
  const { importScenario } = await server.gql<{ importScenario: { id: string } }>(
    "mutation($d: String!) { importScenario(document: $d) { id } }", { d: bigScenario(1000) });
  // Opened by its address, the editor's query is sent by public/early-query.js while the app loads,
  // and the app joins that request: the server is asked once.
  const asked: string[] = [];
  page.on("request", (request) => { if (request.url().includes("operationName=ScenarioEdit")) asked.push(request.url()); });
  await page.goto(`/scenarios/${importScenario.id}/edit`);
  const first = page.getByRole("button", { name: "▸ Case case-0001" });
  await expect(first).toBeVisible();
  await first.focus();
  await expect(first).toBeFocused();
  expect(asked).toHaveLength(1);
  // Sent by the early script (it left its request there) and taken by the app (it cleared it).
  expect(await page.evaluate(() => "agentevalEarlyQuery" in window
    && (window as { agentevalEarlyQuery?: unknown }).agentevalEarlyQuery === undefined)).toBe(true);
  await expect(page.getByRole("heading", { name: "1000 cases", exact: true })).toBeVisible();
  // Only the rows near the viewport are in the page.
  const rendered = await page.getByRole("group", { name: /^Case case-/ }).count();
  expect(rendered).toBeGreaterThan(3);
  expect(rendered).toBeLessThan(60);
  await screenshot(page, "editor-1000-folded-1280-en", { fullPage: false });

  // Find case 500 by its key, open it, duplicate it: the copy opens right after it.
  await page.getByRole("searchbox", { name: "Find a case (key, message or tag)" }).fill("case-0500");
  await expect(page.getByText("1 of 1000 cases match")).toBeVisible();
  await page.getByRole("button", { name: "Duplicate case case-0500" }).click();
  await expect(page.getByText("2 of 1001 cases match")).toBeVisible();
  const copy = page.getByRole("group", { name: "Case case-0500-copy" });
  await expect(copy.getByRole("textbox", { name: "Case key" })).toHaveValue("case-0500-copy");
  await copy.getByRole("textbox", { name: "Message 1" }).fill("the copy's own first message");
  await expect(page.getByRole("group", { name: "Case case-0500", exact: true }).getByRole("textbox", { name: "Case key" })).toHaveCount(0);
  await screenshot(page, "editor-1000-duplicated-1280-en", { fullPage: false });
  // Delete case 2 in place, found by a message.
  await page.getByRole("searchbox", { name: /^Find a case/ }).fill("message of case 2");
  await page.getByRole("button", { name: "Delete case case-0002" }).click();
  await page.getByRole("searchbox", { name: /^Find a case/ }).fill("");
  await expect(page.getByRole("heading", { name: "1000 cases", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Save scenario" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible({ timeout: 60_000 });
  const { scenario } = await server.gql<{ scenario: { cases: { key: string; messages: string[] }[] } }>(
    "query($id: ID!) { scenario(id: $id) { cases { key messages } } }", { id: importScenario.id });
  expect(scenario.cases).toHaveLength(1000);
  expect(scenario.cases.map((c) => c.key)).not.toContain("case-0002");
  const at = scenario.cases.findIndex((c) => c.key === "case-0500");
  expect(scenario.cases[at + 1]).toEqual({ key: "case-0500-copy", messages: ["the copy's own first message", "我叫张三"] });

  await language(page, "zh");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("button", { name: "▸ 用例 case-0001" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "1000 个用例", exact: true })).toBeVisible();
  await screenshot(page, "editor-1000-folded-390-zh", { fullPage: false });
  await expectAccessible(page, "editor with 1000 cases");
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, "editor-1000-folded-1280-zh", { fullPage: false });
  await language(page, "en");
});

test("New scenario starts an empty scenario: Save names what is missing, focuses it, then creates the scenario", async ({ signedIn: page, server }) => {
  await page.goto("/scenarios");
  await page.getByRole("link", { name: "New scenario" }).click();
  await expect(page).toHaveURL(/\/scenarios\/new\/edit$/);
  await expect(page.getByRole("heading", { name: "New scenario" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "1 case", exact: true })).toBeVisible();
  const save = page.getByRole("button", { name: "Save scenario" });
  await save.click();
  const name = page.getByRole("textbox", { name: "Name" });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused(); // focus moves to the first problem
  await expect(page.getByRole("list", { name: "Problems to fix" })).toContainText("Name: Required");
  await screenshot(page, "editor-new-errors-1280-en");

  await name.fill("E2E from scratch");
  const only = page.getByRole("group", { name: "Case case-1" });
  await only.getByRole("textbox", { name: "Message 1" }).fill("你好，我想预约维修");
  await only.getByRole("button", { name: "Duplicate case case-1" }).click();
  await page.getByRole("button", { name: "Add case" }).click();
  await expect(page.getByRole("heading", { name: "3 cases", exact: true })).toBeVisible();
  await page.getByRole("group", { name: "Case case-3" }).getByRole("textbox", { name: "Message 1" }).fill("Hello");
  await save.click();
  await expect(page).toHaveURL(/\/scenarios\/[0-9a-f-]{36}\/edit$/);
  const id = /\/scenarios\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? "";
  const { scenario } = await server.gql<{ scenario: { name: string; cases: { key: string; messages: string[] }[] } }>(
    "query($id: ID!) { scenario(id: $id) { name cases { key messages } } }", { id });
  expect(scenario).toEqual({ name: "E2E from scratch", cases: [
    { key: "case-1", messages: ["你好，我想预约维修"] }, { key: "case-1-copy", messages: ["你好，我想预约维修"] },
    { key: "case-3", messages: ["Hello"] }] });

  await language(page, "zh");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/scenarios/new/edit");
  await expect(page.getByRole("heading", { name: "新建场景" })).toBeVisible();
  await page.getByRole("button", { name: "保存场景" }).click();
  await expect(page.getByRole("textbox", { name: "名称" })).toBeFocused();
  await screenshot(page, "editor-new-errors-390-zh");
  await language(page, "en");
});

test("the rule picker marks the rules that need a model, and a JUDGE rule says before Save that none is configured", async ({ signedIn: page }) => {
  await page.goto("/scenarios/new/edit");
  const only = page.getByRole("group", { name: "Case case-1" });
  await only.getByRole("button", { name: "Add rule" }).click();
  const rule = only.getByRole("group", { name: /^Rule 1:/ });
  await rule.getByRole("combobox", { name: "Rule type" }).click();
  await expect(page.getByRole("option", { name: "keyword_match", exact: true })).toBeVisible();
  await expect(page.getByRole("option", { name: "task_completion · needs a JUDGE model" })).toBeVisible();
  await screenshot(page, "editor-rule-picker-1280-en");
  await page.getByRole("option", { name: "task_completion · needs a JUDGE model" }).click();
  const note = rule.getByRole("alert").filter({ hasText: "needs a JUDGE model, and none is configured" });
  await expect(note).toBeVisible();
  await screenshot(page, "editor-needs-judge-1280-en");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "editor-needs-judge-390-en");

  await language(page, "zh");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  const zhCase = page.getByRole("group", { name: "用例 case-1" });
  await zhCase.getByRole("button", { name: "添加规则" }).click();
  await zhCase.getByRole("combobox", { name: "规则类型" }).click();
  await page.getByRole("option", { name: /^task_completion · 需要 JUDGE/ }).click();
  const zhNote = zhCase.getByRole("alert").filter({ hasText: "但尚未配置" });
  await expect(zhNote).toBeVisible();
  await screenshot(page, "editor-needs-judge-390-zh");
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, "editor-needs-judge-1280-zh");
  await zhNote.getByRole("link", { name: "前往模型页配置" }).click();
  await page.getByRole("button", { name: "不保存离开" }).click();
  await expect(page).toHaveURL(/\/models$/);
  await language(page, "en");
});
