/** Issue 29 point 7: three runs of the booking scenario, over two campaigns, compared in one matrix. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { startEvilTarget } from "./support/evilTarget";
import { demoTargetId } from "./support/finishedWork";
import type { AgentEvalServer } from "./support/server";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";

const BOOKING = resolve(import.meta.dirname, "../../examples/scenarios/booking.json");

async function finishedRun(server: AgentEvalServer, campaignId: string): Promise<string> {
  const { startRun } = await server.gql<{ startRun: { id: string }[] }>(
    "mutation($id: ID!) { startRun(campaignId: $id) { id } }", { id: campaignId });
  const runId = startRun[0].id;
  await expect.poll(async () => (await server.gql<{ run: { status: string } }>(
    "query($id: ID!) { run(id: $id) { status } }", { id: runId })).run.status, { timeout: 90_000 }).toBe("COMPLETED");
  return runId;
}

async function campaign(server: AgentEvalServer, name: string, scenarioId: string, targetId: string): Promise<string> {
  const { createCampaign } = await server.gql<{ createCampaign: { id: string } }>(
    "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name, scenarioId, targetIds: [targetId], concurrency: 8 } });
  return createCampaign.id;
}

const rows = (page: Page) => page.getByTestId("matrix-row");

test("three runs of the booking scenario in one matrix: metrics with deltas, filters, replies side by side, swap base", async ({ signedIn: page, server }) => {
  test.setTimeout(200_000);
  const parrot = await startEvilTarget();
  try {
    const { importScenario } = await server.gql<{ importScenario: { id: string } }>(
      "mutation($d: String!) { importScenario(document: $d) { id } }", { d: readFileSync(BOOKING, "utf8") });
    const { createTarget } = await server.gql<{ createTarget: { id: string } }>(
      "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }",
      { input: { name: "Parrot bot", channelType: "http", channelConfig: { url: parrot.url, reply_path: "reply" } } });
    const nightly = await campaign(server, "Nightly booking", importScenario.id, await demoTargetId(server));
    const other = await campaign(server, "Parrot booking", importScenario.id, createTarget.id);
    await finishedRun(server, nightly);
    await finishedRun(server, nightly);
    const parrotRun = await finishedRun(server, other);

    // The campaign's trend over its two runs.
    await page.goto(`/campaigns/${nightly}`);
    await expect(page.getByRole("region", { name: "Pass and success rate over the runs" }).getByRole("application")).toBeVisible();
    await screenshot(page, "campaign-trend-1280-en");

    // Two runs of one campaign, then a run of the other campaign over the same scenario.
    for (const box of await page.getByRole("checkbox", { name: /^Pick / }).all()) await box.check();
    await page.getByRole("button", { name: "Compare the picked runs" }).click();
    await expect(page.getByRole("table", { name: "Metrics per run" })).toBeVisible();
    await page.getByRole("combobox", { name: "Add a run" }).click();
    await page.getByRole("option", { name: /^Parrot booking → Parrot bot/ }).click();
    await expect(page).toHaveURL(new RegExp(`runs=[^&]*${parrotRun}`));
    const metrics = page.getByRole("table", { name: "Metrics per run" });
    await expect(metrics.locator("thead th")).toHaveCount(4);
    await expect(metrics.getByRole("row", { name: /^Pass rate/ })).toContainText("%");
    await expect(metrics.getByTestId("delta-pass").first()).toBeVisible(); // the parrot's pass rate moved
    await expect(metrics.getByRole("row", { name: /Pass-rate change vs base/ })).toContainText(/p = /);
    await expect(rows(page)).toHaveCount(5);
    await screenshot(page, "compare-matrix-1280-en");
    await expectAccessible(page, "compare matrix");

    // Regressed: the parrot never books.
    await page.getByText(/^Regressed \(/).click();
    const regressed = await rows(page).count();
    expect(regressed).toBeGreaterThan(0);
    await expect(rows(page).first()).toContainText("regressed");
    await page.getByText(/^Unchanged \(/).click();
    await expect.poll(() => rows(page).count()).toBeLessThan(5);
    await page.getByText(/^All \(/).click();

    // A case opened: the three runs' replies side by side, the parrot's marked as different.
    await rows(page).first().getByRole("button").click();
    await expect(page.getByRole("region", { name: /^Replies in / })).toHaveCount(3);
    await expect(page.getByRole("region", { name: /^Replies in Parrot booking/ }).getByText("differs from the base").first()).toBeVisible();
    await screenshot(page, "compare-matrix-open-1280-en");

    // The parrot's run as the base: what regressed now improved.
    await page.getByRole("button", { name: /^Make Parrot booking → Parrot bot .* the base$/ }).click();
    await expect(page).toHaveURL(new RegExp(`runs=${parrotRun}`));
    await expect(page.getByRole("list", { name: "Compared runs" }).locator("li").first()).toContainText("Parrot booking");
    await page.getByText(/^Improved \(/).click();
    await expect.poll(() => rows(page).count()).toBe(regressed);

    await page.evaluate(() => window.localStorage.setItem("agenteval.language", "zh"));
    await page.reload();
    await expect(page.getByRole("table", { name: "各运行指标" })).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    await screenshot(page, "compare-matrix-1280-zh");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("table", { name: "用例 × 运行" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "compare-matrix-390-zh");
    await page.evaluate(() => window.localStorage.setItem("agenteval.language", "en"));
    await page.reload();
    await expect(rows(page)).toHaveCount(5);
    await screenshot(page, "compare-matrix-390-en");
  } finally {
    await parrot.close();
  }
});
