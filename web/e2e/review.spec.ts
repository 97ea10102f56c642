import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";
import { startEvilTarget } from "./support/evilTarget";
import { createKey, demoTargetId, startBookingRun, startRepairEval } from "./support/finishedWork";

/** Opens an item's review form, writes the note and gives the answer. */
async function review(scope: Locator, subject: string, answer: string | RegExp, note: string) {
  await scope.getByRole("button", { name: new RegExp(`^(Review|Change review): ${subject}$`) }).click();
  await scope.getByRole("textbox", { name: "Note (optional)" }).fill(note);
  await scope.getByRole("button", { name: answer }).click();
  await expect(scope.getByRole("button", { name: answer })).toHaveCount(0); // the form closed: it was saved
}

async function inChinese(page: Page, check: () => Promise<void>, name: string) {
  await page.getByText("中文").first().click();
  await check();
  await screenshot(page, name);
  await page.getByText("English").first().click();
}

const REVIEW_CONTROL = /^(Review|Change review):/;

test("a reviewer confirms and corrects a case, a finding and a session; a VIEWER sees the reviews without controls", async ({ signedIn: page, server }) => {
  test.setTimeout(300_000);
  const targetId = await demoTargetId(server);
  const run = await startBookingRun(server, targetId, "E2E review run");
  const evalFinished = await startRepairEval(server, targetId, "E2E review eval");
  const runId = await run.finished();
  const evalId = await evalFinished();

  // Case outcomes: correct a failing case's level with a note, confirm a passing one.
  await page.goto(`/runs/${runId}`);
  await expect(page.getByRole("heading", { name: "Run: E2E review run → Mia (demo bot)" })).toBeVisible();
  const cases = page.getByRole("list", { name: "Cases" }).locator(":scope > li");
  const flawed = cases.filter({ hasText: "booking-confirms-preferred-time" });
  await expect(flawed).toContainText("Failure");
  await flawed.getByRole("button", { name: "Review: booking-confirms-preferred-time" }).click();
  await expect(flawed.getByRole("button", { name: "Confirm: Failure" })).toBeVisible(); // the automatic level first
  await screenshot(page, "review-case-form-en");
  await expectAccessible(page, "case review form");
  await flawed.getByRole("button", { name: "Close" }).click();
  await review(flawed, "booking-confirms-preferred-time", "Correct to Partial", "Booked fine; only the preferred time was dropped.");
  await expect(flawed.getByTestId("human-review")).toContainText("Human review: Corrected to Partial");
  await expect(flawed.getByTestId("human-review")).toContainText("Booked fine; only the preferred time was dropped.");
  await expect(flawed.getByTestId("human-review")).toContainText(/Reviewed by .+ · /);

  const passing = cases.last();
  await expect(passing).toContainText("Success");
  const passingKey = (await passing.locator("p").first().textContent()) ?? "";
  await review(passing, passingKey, "Confirm: Success", "Right.");
  await expect(passing.getByTestId("human-review")).toContainText("Human review: Confirmed");
  const agreement = page.getByRole("region", { name: "Human agreement" });
  await expect(agreement).toContainText("1 of 2 reviewed agree with the automatic judgement (50%)");
  await screenshot(page, "review-run-en");
  await expectAccessible(page, "run report with reviews");

  // Both survive a reload; the history keeps them; the tag filter (on the server) keeps the review.
  await page.reload();
  await expect(flawed.getByTestId("human-review")).toContainText("Corrected to Partial");
  await expect(passing.getByTestId("human-review")).toContainText("Confirmed");
  await expect(agreement).toContainText("1 of 2 reviewed");
  await page.getByRole("button", { name: "Review history (2)" }).click();
  await expect(page.getByRole("table", { name: "Review history (2)" })).toContainText("Case booking-confirms-preferred-time, attempt 1");
  await page.getByRole("combobox", { name: "Tag" }).click();
  await page.getByRole("option", { name: "flaw-1" }).click();
  await expect(cases).toHaveCount(2);
  await expect(flawed.getByTestId("human-review")).toContainText("Corrected to Partial");
  await inChinese(page, async () => {
    await expect(page.getByRole("region", { name: "人工复核一致率" })).toContainText("已复核 2 项");
    await expect(page.getByTestId("human-review").filter({ hasText: "人工复核：已改为部分成功" })).toBeVisible();
  }, "review-run-zh");

  // Findings: confirm one, then change the review to a rejection, which strikes it through.
  await page.goto(`/evals/${evalId}/report`);
  await expect(page.getByRole("heading", { name: "Report: E2E review eval" })).toBeVisible();
  const finding = page.getByRole("region", { name: "Findings" }).getByRole("article").first();
  const findingName = (await finding.getAttribute("aria-label")) ?? "";
  const reviewPanel = page.getByRole("region", { name: "Human review" });
  await review(finding, findingName, "Confirm", "Seen it in the transcript.");
  await expect(finding.getByTestId("human-review")).toContainText("Human review: Confirmed by a reviewer");
  await expect(reviewPanel).toContainText("Findings confirmed: 1 · rejected: 0");
  await review(finding, findingName, "Reject", "The bot did confirm the time later.");
  await expect(finding.getByTestId("human-review")).toContainText("Human review: Rejected by a reviewer");
  await expect(finding).toHaveAttribute("data-rejected", "true");
  await expect(finding.locator(".transcript-text").first()).toHaveCSS("text-decoration-line", "line-through");
  await expect(reviewPanel).toContainText("Findings confirmed: 0 · rejected: 1");
  await page.reload();
  await expect(finding.getByTestId("human-review")).toContainText("Rejected by a reviewer");
  await expect(finding.getByTestId("human-review")).toContainText("The bot did confirm the time later.");
  await page.getByRole("button", { name: "Review history (2)" }).click();
  await expect(page.getByRole("table", { name: "Review history (2)" })).toContainText("confirmed");
  await screenshot(page, "review-report-en");
  await expectAccessible(page, "report with reviews");
  const reportUrl = page.url();

  // The session: the automatic verdict beside the reviewer's answer, the opposite of it here.
  await page.getByRole("region", { name: "Sessions" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Session: / })).toBeVisible();
  const sessionReview = page.getByRole("region", { name: "Human review" });
  await expect(sessionReview).toContainText("Not reviewed yet.");
  const automatic = sessionReview.getByTestId("automatic-verdict");
  await expect(automatic).toContainText(/Goal achieved: (Yes|No)/);
  const automaticYes = (await automatic.textContent())?.includes("Goal achieved: Yes");
  const answer = automaticYes ? "No, not achieved" : "Yes, achieved";
  await review(sessionReview, "Goal achieved\\?", answer, "Checked the last turn myself.");
  await expect(sessionReview.getByTestId("human-review")).toContainText(`Human review: goal achieved: ${automaticYes ? "No" : "Yes"}`);
  await page.reload();
  await expect(sessionReview.getByTestId("human-review")).toContainText("Checked the last turn myself.");
  await expect(automatic).toContainText(`Goal achieved: ${automaticYes ? "Yes" : "No"}`);
  await screenshot(page, "review-session-en");
  await expectAccessible(page, "session with review");
  await inChinese(page, async () => {
    await expect(page.getByRole("heading", { name: "人工复核" })).toBeVisible();
  }, "review-session-zh");
  const sessionUrl = page.url();
  await page.goto(reportUrl);
  await expect(page.getByRole("region", { name: "Human review" })).toContainText("Session verdicts: 0 of 1 reviewed agree");
  await inChinese(page, async () => {
    await expect(page.getByRole("region", { name: "人工复核" })).toContainText("驳回 1 条");
  }, "review-report-zh");

  // A VIEWER key reads every review and is offered no control.
  const viewerKey = await createKey(server, "read-only reader", "VIEWER");
  await page.getByRole("button", { name: "Forget key" }).click();
  await page.getByLabel("API key").fill(viewerKey);
  await page.getByRole("button", { name: "Use this key" }).click();
  await expect(page.getByRole("banner")).toContainText("VIEWER");
  await page.goto(`/runs/${runId}`);
  await expect(flawed.getByTestId("human-review")).toContainText("Corrected to Partial");
  await expect(page.getByRole("button", { name: REVIEW_CONTROL })).toHaveCount(0);
  await screenshot(page, "review-run-viewer-en");
  await page.goto(reportUrl);
  await expect(finding.getByTestId("human-review")).toContainText("Rejected by a reviewer");
  await expect(page.getByRole("button", { name: REVIEW_CONTROL })).toHaveCount(0);
  await page.goto(sessionUrl);
  await expect(sessionReview.getByTestId("human-review")).toContainText("Checked the last turn myself.");
  await expect(page.getByRole("button", { name: REVIEW_CONTROL })).toHaveCount(0);
  await screenshot(page, "review-session-viewer-en");
});

test("a run still going offers no review until it has ended", async ({ signedIn: page, server }) => {
  const slowBot = await startEvilTarget(1500);
  try {
    const { createTarget } = await server.gql<{ createTarget: { id: string } }>(
      "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }",
      { input: { name: "Slow bot (review)", channelType: "http", channelConfig: { url: slowBot.url, reply_path: "reply" } } });
    // One case at a time, each reply 1.5 s: the first case ends well before the run does.
    const { runId } = await startBookingRun(server, createTarget.id, "E2E review while running", 1);
    await page.goto(`/runs/${runId}`);
    await expect(page.getByRole("list", { name: "Cases" }).locator(":scope > li").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Running", { exact: true })).toBeVisible();
    await expect(page.getByText("Human review opens once this has finished.")).toBeVisible();
    await expect(page.getByRole("button", { name: REVIEW_CONTROL })).toHaveCount(0);
    await screenshot(page, "review-run-running-en");
    await server.gql("mutation($id: ID!) { cancelRun(runId: $id) { id } }", { id: runId });
    // Cancelled is an end: whatever was judged can now be reviewed.
    await expect(page.getByText("Human review opens once this has finished.")).toHaveCount(0);
    await expect(page.getByText("Cancelled").first()).toBeVisible();
    await expect(page.getByRole("button", { name: REVIEW_CONTROL }).first()).toBeVisible();
  } finally {
    await slowBot.close();
  }
});
