/**
 * Issue 39 item 4: the review workbench. A plan and a queue are made through GraphQL over a
 * finished demo run; two REVIEWER keys work through it in the browser with the keyboard only
 * (the second review blind), their disagreement goes to arbitration, and an appeal overturns a verdict.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";
import { ADMIN_KEY, type AgentEvalServer } from "./support/server";
import { demoTargetId, startBookingRun } from "./support/finishedWork";

async function reviewerKey(server: AgentEvalServer, name: string): Promise<{ id: string; secret: string }> {
  const { createApiKey } = await server.gql<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
    "mutation($name: String!) { createApiKey(name: $name, role: REVIEWER) { secret apiKey { id } } }", { name });
  return { id: createApiKey.apiKey.id, secret: createApiKey.secret };
}

async function signInAs(page: Page, secret: string) {
  // Forget key is in the header on a wide screen and in the drawer on a phone: forget it the way the button does.
  await page.evaluate(() => window.localStorage.removeItem("agenteval.apiKey"));
  await page.goto("/");
  await page.getByLabel("API key").fill(secret);
  await page.getByRole("button", { name: "Use this key" }).click();
}

/** Opens the queue's reviewing page and claims a batch with `c`; returns how many items came. */
async function claimWithKeyboard(page: Page, queueId: string): Promise<number> {
  await page.goto(`/review/${queueId}/work`);
  await expect(page.getByRole("heading", { name: /^Reviewing: / })).toBeVisible();
  await page.keyboard.press("c");
  const position = page.getByText(/^Item 1 of \d+$/);
  await expect(position).toBeVisible();
  return Number((await position.textContent())?.match(/of (\d+)/)?.[1]);
}

/** Answers the item on screen with the keys given, then Enter; waits until the page moved on. */
async function answerWithKeys(page: Page, keys: string[], n: number, total: number) {
  await expect(page.getByText(`Item ${n} of ${total}`)).toBeVisible();
  for (const key of keys) await page.keyboard.press(key);
  await page.keyboard.press("Enter");
  if (n < total) await expect(page.getByText(`Item ${n + 1} of ${total}`)).toBeVisible();
}

test("two reviewers work through a queue with the keyboard; a disagreement is arbitrated and an appeal overturns a verdict",
  async ({ signedIn: page, server }) => {
    test.setTimeout(420_000);
    const targetId = await demoTargetId(server);
    const run = await startBookingRun(server, targetId, "E2E workbench run");
    const runId = await run.finished();
    const ann = await reviewerKey(server, "Ann");
    const bo = await reviewerKey(server, "Bo");
    const { createReviewPlan } = await server.gql<{ createReviewPlan: { id: string } }>(
      "mutation($spec: JSON!) { createReviewPlan(name: \"Daily three\", spec: $spec) { id } }",
      { spec: { share: 1.0, seed: 3, perDay: 3, kinds: ["CASE"], secondReviewShare: 1.0 } });
    const { createReviewQueue } = await server.gql<{ createReviewQueue: { id: string } }>(
      "mutation($plan: ID!, $runs: [ID!], $keys: [ID!]) { createReviewQueue(name: \"Booking QA\", planId: $plan, runIds: $runs, reviewerKeyIds: $keys) { id } }",
      { plan: createReviewPlan.id, runs: [runId], keys: [ann.id, bo.id] });
    const queueId = createReviewQueue.id;

    // The OPERATOR/ADMIN view: the queue with its progress, and the form for a new plan and queue.
    await page.getByRole("link", { name: "Review", exact: true }).first().click();
    await expect(page.getByRole("heading", { name: "Review queues" })).toBeVisible();
    const card = page.getByRole("article", { name: "Booking QA" });
    await expect(card).toContainText("0 of 3 decided");
    await expect(page.getByRole("heading", { name: "New plan and queue" })).toBeVisible();
    await screenshot(page, "workbench-queues-en");
    await expectAccessible(page, "review queues");

    // Ann (REVIEWER): the nav offers only the workbench; she reviews three items with the keys.
    await signInAs(page, ann.secret);
    await expect(page).toHaveURL(/\/review$/);
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await expect(nav.getByRole("link")).toHaveText(["Review"]);
    await expect(page.getByRole("article", { name: "Booking QA" })).toContainText("0 of 3 decided");
    const total = await claimWithKeyboard(page, queueId);
    expect(total).toBe(3);
    await expect(page.getByRole("complementary", { name: "Keys" })).toContainText("claim the next batch");
    await page.keyboard.press("1");
    await expect(page.getByRole("button", { name: "1 · Success" })).toHaveAttribute("aria-pressed", "true");
    const firstQuestion = page.getByRole("group", { name: "Verdict right?" }).first();
    if (await firstQuestion.count()) {
      await page.keyboard.press("y");
      await expect(firstQuestion.getByRole("button", { name: "Yes (y)" })).toHaveAttribute("aria-pressed", "true");
    }
    await page.keyboard.press("e");
    await expect(page.getByRole("textbox", { name: "Note (e)" })).toBeFocused();
    await page.keyboard.type("Polite and booked.");
    await page.keyboard.press("Escape");
    await screenshot(page, "workbench-first-review-en");
    await expectAccessible(page, "reviewing page");
    await page.keyboard.press("Enter");
    await answerWithKeys(page, ["1"], 2, 3);
    await answerWithKeys(page, ["3"], 3, 3); // Ann calls the last one a failure
    await expect(page.getByText("Nothing left for you in this queue")).toBeVisible();
    await expect(page.getByTestId("review-timing")).toContainText(/Your median: \d+ s per item over 3 reviews/);

    // Bo: the blind second review shows nothing of Ann's; he calls all three a success.
    await signInAs(page, bo.secret);
    expect(await claimWithKeyboard(page, queueId)).toBe(3);
    await expect(page.getByText("Blind second review")).toBeVisible();
    await expect(page.getByRole("region", { name: "Earlier reviews" })).toHaveCount(0);
    await expect(page.getByText("Polite and booked.")).toHaveCount(0);
    await screenshot(page, "workbench-blind-en");
    await answerWithKeys(page, ["1"], 1, 3);
    await answerWithKeys(page, ["j", "k", "1"], 2, 3);
    await answerWithKeys(page, ["1"], 3, 3);
    await expect(page.getByText("Nothing left for you in this queue")).toBeVisible();

    // The ADMIN arbitrates the one disagreement, seeing both reviews.
    await signInAs(page, ADMIN_KEY);
    expect(await claimWithKeyboard(page, queueId)).toBe(1);
    await expect(page.getByText("Arbitration: the two reviews disagree")).toBeVisible();
    const earlier = page.getByRole("region", { name: "Earlier reviews" });
    await expect(earlier.getByRole("article")).toHaveCount(2);
    await expect(earlier).toContainText("Ann");
    await expect(earlier).toContainText("Bo");
    await screenshot(page, "workbench-arbitration-en");
    await page.getByText("中文").first().click();
    await expect(page.getByText("仲裁：两位复核员结论不一致")).toBeVisible();
    await screenshot(page, "workbench-arbitration-zh");
    await page.getByText("English").first().click();
    await page.keyboard.press("2");
    await page.keyboard.press("s");
    await expect(page.getByText("Nothing left for you in this queue")).toBeVisible();

    // The ADMIN appeals a verdict both reviewers agreed on.
    await page.goto(`/review/${queueId}`);
    await expect(page.getByRole("heading", { name: "Queue: Booking QA" })).toBeVisible();
    const rows = page.getByRole("table", { name: "Items" }).getByRole("row");
    const agreed = rows.filter({ hasText: "Success (review)" }).first();
    await agreed.getByRole("button", { name: /^Appeal: / }).click();
    await page.getByRole("textbox", { name: "Reason" }).fill("The bot never confirmed the time.");
    await page.waitForTimeout(300); // the dialog's fade-in, for the screenshot
    await screenshot(page, "workbench-appeal-dialog-en");
    await page.getByRole("button", { name: "Send appeal" }).click();
    await expect(page.getByText("Appeal sent")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("tab", { name: /Appeals/ }).click();
    await expect(page.getByRole("list", { name: "Appeals" })).toContainText("Waiting for a reviewer");
    await expectAccessible(page, "queue appeals");

    // Bo decides the appeal (Ann gave the verdict, so she may not): a failure, overturning it.
    await signInAs(page, bo.secret);
    expect(await claimWithKeyboard(page, queueId)).toBe(1);
    await expect(page.getByText("Appeal by")).toContainText("The bot never confirmed the time.");
    await expect(page.getByRole("region", { name: "Earlier reviews" })).toBeVisible();
    await screenshot(page, "workbench-appeal-en");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "workbench-appeal-en-phone");
    await expectAccessible(page, "appeal item at phone width");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press("3");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Nothing left for you in this queue")).toBeVisible();

    // The trail, the final verdict and the report.
    await signInAs(page, ADMIN_KEY);
    await page.goto(`/review/${queueId}`);
    await page.getByRole("tab", { name: /Appeals/ }).click();
    const appeal = page.getByRole("list", { name: "Appeals" }).getByRole("listitem").first();
    await expect(appeal).toContainText("Overturned");
    await expect(appeal).toContainText("The bot never confirmed the time.");
    await expect(appeal).toContainText(/Appealed by .+ · /);
    await expect(appeal).toContainText(/Decided by Bo · /);
    await expect(appeal).toContainText("Final verdict: Failure (appeal)");
    await screenshot(page, "workbench-appeals-en");
    await page.getByRole("tab", { name: "Report" }).click();
    await expect(page.getByRole("region", { name: "Per reviewer" })).toContainText("Ann");
    await expect(page.getByRole("region", { name: "Between reviewers (first vs blind second)" })).toContainText("Case");
    await screenshot(page, "workbench-report-en");
    await expectAccessible(page, "queue report");

    // Chinese, and a phone's width.
    await page.getByText("中文").first().click();
    await expect(page.getByRole("tab", { name: "报告" })).toBeVisible();
    await screenshot(page, "workbench-report-zh");
    await page.goto("/review");
    await expect(page.getByRole("heading", { name: "复核队列" })).toBeVisible();
    await screenshot(page, "workbench-queues-zh");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "workbench-queues-zh-phone");
    await page.goto(`/review/${queueId}`);
    await page.getByRole("tab", { name: "报告" }).click();
    await screenshot(page, "workbench-report-zh-phone");
    await expectAccessible(page, "report at phone width");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText("English").first().click();
  });
