import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";

const LOG = resolve(import.meta.dirname, "../../examples/logs/support.jsonl");
const RULES_SCENARIO = {
  name: "Logged replies end with a reference",
  cases: [{
    id: "reference", message: "(any logged dialog)",
    expectation: { not_contains: ["didn't quite get", "没太听懂"] },
    eval_rules: [{ type: "keyword_match", params: { keywords: ["R[PT]\\d{5}"], regex: true } }],
  }],
};

async function openNav(page: Page, name: string) {
  await page.getByRole("navigation").getByRole("link", { name, exact: true }).click();
}

test("a JSONL log is imported in the browser, judged with a scenario's rules, and the run is marked offline", async ({ signedIn: page }) => {
  await openNav(page, "Scenarios");
  await page.locator('input[type="file"]').setInputFiles({
    name: "rules.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(RULES_SCENARIO)),
  });
  await expect(page.getByRole("heading", { name: RULES_SCENARIO.name })).toBeVisible();

  await openNav(page, "Logs");
  await expect(page.getByRole("heading", { name: "Conversation logs" })).toBeVisible();
  // A broken line: the API's message names it, and nothing is stored.
  await page.getByRole("button", { name: "Import conversations" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "broken.jsonl", mimeType: "application/jsonl", buffer: Buffer.from('{"id": "a", "messages": []}\n{oops\n'),
  });
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "VALIDATION_FAILED" })).toContainText("line 2: not JSON");
  await screenshot(page, "offline-import-error-en");

  await dialog.locator('input[type="file"]').setInputFiles({
    name: "support.jsonl", mimeType: "application/jsonl", buffer: readFileSync(LOG),
  });
  await dialog.getByLabel("Name").fill("Support week 48");
  await dialog.getByRole("checkbox", { name: "Phone numbers" }).check();
  await screenshot(page, "offline-import-en");
  await dialog.getByRole("button", { name: "Import", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Support week 48" })).toBeVisible();
  const dialogs = page.getByRole("table", { name: "Logged conversations" });
  await expect(dialogs.getByRole("row")).toHaveCount(1 + readFileSync(LOG, "utf8").trim().split("\n").length);
  await expect(page.getByText("phone:")).toBeVisible();
  await expectAccessible(page, "log set");
  await screenshot(page, "offline-set-en");

  await page.getByRole("combobox", { name: "Scenario (its rules)", exact: true }).click();
  await page.getByRole("option", { name: new RegExp(RULES_SCENARIO.name) }).last().click();
  await page.getByRole("button", { name: "Judge", exact: true }).click();

  await expect(page.getByText("offline — logged replies").first()).toBeVisible();
  await expect(page.getByText("Completed").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Judged from the log" })).toBeVisible();
  await expectAccessible(page, "offline run");
  await screenshot(page, "offline-run-en");

  await page.getByText("中文").first().click();
  await expect(page.getByText("离线 — 日志回复").first()).toBeVisible();
  await screenshot(page, "offline-run-zh");
  await openNav(page, "日志");
  await expect(page.getByRole("heading", { name: "对话日志" })).toBeVisible();
  await page.getByRole("button", { name: "导入对话" }).click();
  await expect(page.getByRole("dialog").getByRole("checkbox", { name: "电话号码" })).toBeVisible();
  await page.waitForTimeout(400); // the dialog's fade-in, so the screenshot shows it settled
  await screenshot(page, "offline-import-zh");
  await page.keyboard.press("Escape");
  await page.getByText("English").first().click();

  // Deleting the log keeps the run that judged it.
  await page.getByRole("table", { name: "Conversation logs" }).getByRole("link", { name: "Support week 48" }).click();
  await page.getByRole("button", { name: "Delete log Support week 48" }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("heading", { name: "Conversation logs" })).toBeVisible();
  await expect(page.getByText("No logs yet")).toBeVisible();
});
