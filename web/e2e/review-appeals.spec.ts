/**
 * Issue 39 items 2 and 3 in the browser: an OPERATOR's key appeals a case's level straight from
 * the run page (no queue ever sampled it) and sees the appeal waiting; on the run's appeals queue
 * it gives the queue to a reviewer by name and assigns that reviewer a batch (progress per
 * reviewer shows it held, at a phone's width and in Chinese); the reviewer decides with the
 * keyboard, and the run page shows the appeal overturned.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";
import { ADMIN_KEY } from "./support/server";
import { demoTargetId, startBookingRun } from "./support/finishedWork";

async function signInAs(page: Page, secret: string) {
  await page.evaluate(() => window.localStorage.removeItem("agenteval.apiKey"));
  await page.goto("/");
  await page.getByLabel("API key").fill(secret);
  await page.getByRole("button", { name: "Use this key" }).click();
}

test("an OPERATOR appeals a run's verdict from the run page; a batch of the appeals queue is assigned to a named reviewer, who overturns it",
  async ({ signedIn: page, server }) => {
    test.setTimeout(180_000);
    const runId = await (await startBookingRun(server, await demoTargetId(server), "E2E appeal run")).finished();
    const { run } = await server.gql<{ run: { outcomes: { edges: { node: { caseKey: string; successLevel: string } }[] } } }>(
      "query($id: ID!) { run(id: $id) { outcomes(first: 1) { edges { node { caseKey successLevel } } } } }", { id: runId });
    const { caseKey, successLevel } = run.outcomes.edges[0].node;
    const keys = await Promise.all([["Owner", "OPERATOR"], ["Rita", "REVIEWER"]].map(async ([name, role]) => (
      await server.gql<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
        `mutation($name: String!) { createApiKey(name: $name, role: ${role}) { secret apiKey { id } } }`, { name })).createApiKey));
    const [owner, rita] = keys;

    // The OPERATOR appeals the level from the run page, with the keyboard only.
    await signInAs(page, owner.secret);
    await page.goto(`/runs/${runId}`);
    const appeal = page.getByRole("button", { name: `Appeal: level of ${caseKey}` });
    await appeal.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("textbox", { name: "Reason" })).toBeFocused();
    await page.keyboard.press("Control+Enter"); // no reason yet: the field says so, nothing is sent
    await expect(dialog).toContainText("reason");
    await page.keyboard.type("The bot confirmed the booking; the level is wrong.");
    await page.waitForTimeout(300); // the dialog's fade-in, for the screenshot
    await screenshot(page, "appeal-run-dialog-en");
    await expectAccessible(page, "appeal dialog");
    await page.keyboard.press("Control+Enter");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("status", { name: `Appealed: waiting for a reviewer: level of ${caseKey}` })).toBeVisible();
    await expect(appeal).toHaveCount(0); // one open appeal at a time

    // The run's appeals queue: give it to Rita by name and assign her a batch of 5.
    await page.goto("/review");
    // An OPERATOR key (which may not list API keys) picks reviewers by name for a new queue too.
    await page.getByRole("combobox", { name: "Reviewers", exact: true }).click();
    await expect(page.getByRole("option", { name: "Rita (REVIEWER)" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("article", { name: /^Appeals: E2E appeal run/ }).getByRole("link", { name: "Items, appeals and report" }).click();
    await page.getByRole("tab", { name: "Reviewers and batches" }).click();
    await page.getByRole("combobox", { name: "Reviewers given this queue" }).click();
    await page.getByRole("option", { name: "Rita (REVIEWER)" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Save reviewers" }).click();
    await expect(page.getByText("Reviewers saved.")).toBeVisible();
    await page.getByRole("combobox", { name: "Assign a batch to" }).click();
    await page.getByRole("option", { name: "Rita (REVIEWER)" }).click();
    await page.getByRole("textbox", { name: "Batch size" }).fill("5");
    await page.getByRole("button", { name: "Assign batch" }).click();
    await expect(page.getByText("Items locked for Rita: 1.")).toBeVisible();
    const progress = page.getByRole("table", { name: "Progress per reviewer" });
    await expect(progress.getByRole("row", { name: /Rita/ })).toContainText(/Rita\s*0\s*1/);
    await screenshot(page, "appeal-assign-en");
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, "appeal-assign-en-phone");
    await expectAccessible(page, "assign at phone width");
    await page.setViewportSize({ width: 1280, height: 900 }); // the language switch is in the header
    await page.getByText("中文").first().click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("heading", { name: "复核员与批次" })).toBeVisible();
    // The batch's confirmation follows the switch (kept as a key and values, said at render).
    await expect(page.getByText("已为 Rita 锁定 1 条。")).toBeVisible();
    // The appeals queue's name is worded in Chinese too (the server's stored one is English).
    await expect(page.getByRole("heading", { name: /^申诉：E2E appeal run · 运行 [0-9a-f]{8}$/ })).toBeVisible();
    await expect(page.getByRole("table", { name: "各复核员进度" })).toBeVisible();
    await screenshot(page, "appeal-assign-zh-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "appeal-assign-zh");
    await page.getByText("English").first().click();
    const queueUrl = page.url();

    // Rita (not the appellant) decides with the keyboard: the other end of the level.
    await signInAs(page, rita.secret);
    await page.goto(`${queueUrl}/work`);
    await page.keyboard.press("c");
    await expect(page.getByText("Item 1 of 1")).toBeVisible();
    await page.keyboard.press(successLevel === "SUCCESS" ? "3" : "1");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Nothing left for you in this queue")).toBeVisible();

    // The run page shows the appeal overturned, by Rita; the queue report counts it.
    await signInAs(page, owner.secret);
    await page.goto(`/runs/${runId}`);
    await expect(page.getByRole("status", { name: `Appeal: overturned: level of ${caseKey}` })).toBeVisible();
    await expect(page.getByText("decided by Rita")).toBeVisible();
    await screenshot(page, "appeal-run-overturned-en");
    await page.goto(queueUrl);
    await page.getByRole("tab", { name: "Report" }).click();
    await expect(page.getByText("Overturned by appeal", { exact: true }).first().locator("..")).toHaveText("Overturned by appeal1");
    await signInAs(page, ADMIN_KEY);
  });
