import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";
import type { AgentEvalServer } from "./support/server";

async function pickOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

async function createEvalInTheForm(page: Page) {
  await page.getByRole("link", { name: "New evaluation" }).click();
  await expect(page.getByRole("heading", { name: "New intelligent evaluation" })).toBeVisible();
  await pickOption(page, "Target", /Mia/);
  // Sent without a name, the API's VALIDATION_FAILED detail shows at the Name field.
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
  // Checked in the browser first: every missing field at once, before any request.
  await expect(page.getByRole("list", { name: "Problems to fix" })).toContainText("Name: Required");
  await page.getByRole("textbox", { name: "Name" }).fill("E2E delivery check");
  await page.getByRole("textbox", { name: "Goal", exact: true }).fill("Check that customers learn when a fridge is delivered.");
  await page.getByRole("textbox", { name: "What the user wants" }).fill("Find out when my fridge will be delivered");
  await page.getByRole("textbox", { name: "Dimension" }).fill("delivery");
  await page.getByRole("textbox", { name: "Script: opening message" }).fill("When will my fridge arrive?");
  await page.getByRole("textbox", { name: "Intent" }).fill("delivery_status");
  await page.getByRole("textbox", { name: "Role of the tester" }).fill("A QA lead playing customers of an appliance shop");
  await page.getByRole("textbox", { name: "Time window (hours)" }).fill("6");
  await screenshot(page, "new-en");
  await expectAccessible(page, "new eval");
  await page.getByRole("button", { name: "Create" }).click();
}

test("a newcomer runs a whole intelligent evaluation from the browser", async ({ signedIn: page, server }) => {
  await createEvalInTheForm(page);

  // The planner's plan appears; rejecting it with feedback brings a revised plan.
  await expect(page.getByRole("heading", { name: "Plan (revision 1)" })).toBeVisible();
  await page.getByRole("textbox", { name: "Feedback for the planner" }).fill("Use 2 sessions please");
  await page.getByRole("button", { name: "Reject with feedback" }).click();
  await expect(page.getByRole("heading", { name: "Plan (revision 2)" })).toBeVisible();
  await expect(page.getByText("Estimated sessions: 2").first()).toBeVisible();
  await expect(page.getByText("Use 2 sessions please").first()).toBeVisible();
  await screenshot(page, "manage-pending-en");
  await expectAccessible(page, "manage");

  // Approve: progress moves without a reload, through a server restart.
  await page.evaluate(() => { (window as unknown as { marker: string }).marker = "same page"; });
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Executing").first()).toBeVisible();
  await expect(page.getByText("Session started").first()).toBeVisible();
  await stopAndRestart(page, server);
  await expect(page.getByRole("status").filter({ hasText: "Live" }).first()).toBeVisible();
  await expect(page.getByText("2 of 2 sessions closed")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("link", { name: "Open report" })).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  await screenshot(page, "manage-completed-en");

  // The report: evidence opens the session at that turn.
  await page.getByRole("link", { name: "Open report" }).click();
  await expect(page.getByRole("heading", { name: /^Report: E2E delivery check/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Findings" })).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await screenshot(page, "report-en");
  await expectAccessible(page, "report");
  const reportUrl = page.url();
  const evidence = page.getByRole("link", { name: /^Evidence: turn \d+/ }).first();
  const turn = (await evidence.textContent())?.match(/\d+/)?.[0];
  await evidence.click();
  await expect(page).toHaveURL(new RegExp(`/sessions/[^#]+#turn-${turn}$`));
  const highlighted = page.locator(`#turn-${turn}`);
  await expect(highlighted).toHaveAttribute("data-highlighted", "true");
  await expect(highlighted).toBeInViewport();
  await screenshot(page, "session-en");
  await expectAccessible(page, "session");

  // Export Markdown saves exactly the report's Markdown.
  await page.goto(reportUrl);
  const evalId = reportUrl.split("/evals/")[1].split("/")[0];
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Markdown" }).click();
  const download = await downloading;
  const saved = readFileSync(await download.path(), "utf8");
  const data = await server.gql<{ intelligentEval: { reportMarkdown: string } }>(
    "query($id: ID!) { intelligentEval(id: $id) { reportMarkdown } }", { id: evalId });
  expect(saved).toBe(data.intelligentEval.reportMarkdown);
  expect(download.suggestedFilename()).toMatch(/\.md$/);

  // The same pages in Chinese.
  await page.getByText("中文").first().click();
  await expect(page.getByRole("button", { name: "导出 Markdown" })).toBeVisible();
  await screenshot(page, "report-zh");
  await page.goto(`/evals/${evalId}`);
  await expect(page.getByRole("heading", { name: "计划（第 2 版）" })).toBeVisible();
  await screenshot(page, "manage-zh");
  await page.getByText("English").first().click();
});

async function stopAndRestart(page: Page, server: AgentEvalServer) {
  await server.stop();
  await expect(page.getByRole("status").filter({ hasText: "Reconnecting…" }).first()).toBeVisible();
  await screenshot(page, "manage-reconnecting-en");
  await server.restart();
}
