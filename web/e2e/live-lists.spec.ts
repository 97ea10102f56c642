/** Lists that follow runs as they start and end: one activity subscription per page, no reload, no polling. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, screenshot, test } from "./support/fixtures";
import { demoTargetId } from "./support/finishedWork";

const BOOKING = resolve(import.meta.dirname, "../../examples/scenarios/booking.json");

test("a run started through the API appears on the open campaigns list, then shows its finished state", async ({ signedIn: page, server }) => {
  const name = `E2E live campaigns ${Date.now()}`;
  const { importScenario } = await server.gql<{ importScenario: { id: string } }>(
    "mutation($document: String!) { importScenario(document: $document) { id } }", { document: readFileSync(BOOKING, "utf8") });
  const { createCampaign } = await server.gql<{ createCampaign: { id: string } }>(
    "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name, scenarioId: importScenario.id, targetIds: [await demoTargetId(server)], concurrency: 2 } });

  // Count the page's GraphQL subscriptions and its list queries from here on.
  const subscriptions: string[] = [];
  page.on("websocket", (socket) => socket.on("framesent", (frame) => {
    const text = typeof frame.payload === "string" ? frame.payload : "";
    if (text.includes("\"subscribe\"")) subscriptions.push(text);
  }));
  await page.goto(`/campaigns?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name }) });
  await expect(row.getByText("No runs")).toBeVisible();

  await server.gql("mutation($id: ID!) { startRun(campaignId: $id) { id } }", { id: createCampaign.id });
  // The row follows the run without a reload (the page no longer re-asks on a timer).
  await expect(row.getByText(/^(Queued|Running|Completed)$/)).toBeVisible({ timeout: 8_000 });
  await expect(row.getByText("Completed")).toBeVisible({ timeout: 90_000 });
  await expect(row.getByText(/^pass \d+% · success \d+%$/)).toBeVisible();
  expect(subscriptions.filter((s) => s.includes("activityChanges"))).toHaveLength(1);
  await screenshot(page, "campaigns-live-1280-en", { fullPage: false });
});

test("in Chinese at phone width the campaign's runs list shows a run started elsewhere and its end", async ({ signedIn: page, server }) => {
  const { startBookingRun } = await import("./support/finishedWork");
  const first = await startBookingRun(server, await demoTargetId(server), `E2E live runs ${Date.now()}`);
  await first.finished();
  const { run } = await server.gql<{ run: { campaign: { id: string } } }>("query($id: ID!) { run(id: $id) { campaign { id } } }", { id: first.runId });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "zh"));
  await page.goto(`/campaigns/${run.campaign.id}`);
  const runs = page.getByRole("group", { name: /^运行 / });
  await expect(runs).toHaveCount(1);
  const { startRun } = await server.gql<{ startRun: { id: string }[] }>("mutation($id: ID!) { startRun(campaignId: $id) { id } }", { id: run.campaign.id });
  await expect(runs).toHaveCount(2, { timeout: 8_000 });
  // Newest first: the new run, then its end (no reload).
  await expect(runs.first().getByText("已完成", { exact: true })).toBeVisible({ timeout: 90_000 });
  expect(startRun).toHaveLength(1);
  await runs.first().scrollIntoViewIfNeeded();
  await screenshot(page, "campaign-live-390-zh", { fullPage: false });
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "en"));
});
