/** Issue 29 point 8 (the remaining lists): a campaign's runs, API keys and webhooks are searched, sorted and paged. */
import type { Page } from "@playwright/test";
import { demoTargetId } from "./support/finishedWork";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";

async function language(page: Page, lang: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), lang);
}

const cellTexts = async (page: Page, table: string) =>
  (await page.getByRole("table", { name: table }).locator("tbody tr td:first-child").allTextContents()).map((s) => s.trim());

test("a campaign's runs are searched by target, filtered by status and paged", async ({ signedIn: page, server }) => {
  const demo = await demoTargetId(server);
  const { createTarget } = await server.gql<{ createTarget: { id: string } }>(
    "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }",
    { input: { name: "Nowhere bot", channelType: "http", channelConfig: { url: "http://127.0.0.1:9/chat", reply_path: "reply", retries: 0 } } });
  const { scenarios } = await server.gql<{ scenarios: { edges: { node: { id: string } }[] } }>(
    "{ scenarios(search: \"repair booking\") { edges { node { id } } } }");
  const { createCampaign } = await server.gql<{ createCampaign: { id: string } }>(
    "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name: "E2E runs list", scenarioId: scenarios.edges[0].node.id, targetIds: [demo, createTarget.id] } });
  // 12 starts, two targets: 24 runs, more than a page of 20.
  for (let i = 0; i < 12; i++) await server.gql("mutation($id: ID!) { startRun(campaignId: $id) { id } }", { id: createCampaign.id });

  await page.goto(`/campaigns/${createCampaign.id}`);
  const runs = page.getByRole("group", { name: /^Run / });
  await expect(page.getByText("24 runs")).toBeVisible();
  await expect(runs).toHaveCount(20);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(runs).toHaveCount(4);
  await page.getByRole("searchbox", { name: "Search by target" }).fill("nowhere");
  await expect(page.getByText("12 runs")).toBeVisible();
  await expect(runs).toHaveCount(12);
  for (const label of await runs.evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-label") ?? ""))) expect(label).toContain("Nowhere bot");
  await screenshot(page, "campaign-runs-search-1280-en");
  await page.mouse.move(0, 0); // not hovering a row's button: axe reads the resting colours
  await expectAccessible(page, "campaign runs search");

  // Filtered by status: once all have ended, none failed (an unreachable target errs its cases) and all completed.
  await page.getByRole("searchbox", { name: "Search by target" }).fill("");
  await expect(page).not.toHaveURL(/q=/); // the address keeps the search once typing pauses
  await expect.poll(async () => (await server.gql<{ runs: { totalCount: number } }>(
    "query($c: ID!) { runs(campaignId: $c, first: 50, status: COMPLETED) { totalCount } }", { c: createCampaign.id })).runs.totalCount,
  { timeout: 90_000 }).toBe(24);
  await page.reload();
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Failed" }).click();
  await expect(page.getByText("Nothing matches this search or these filters")).toBeVisible();
  await expect(runs).toHaveCount(0);
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Completed" }).click();
  await expect(page.getByText("24 runs")).toBeVisible();

  await language(page, "zh");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/campaigns/${createCampaign.id}?q=Mia`);
  await expect(page.getByRole("searchbox", { name: "按被测对象搜索" })).toHaveValue("Mia");
  await expect(page.getByText("共 12 次运行")).toBeVisible();
  await screenshot(page, "campaign-runs-search-390-zh");
});

test("API keys and webhooks on the settings page are searched and sorted, each list on its own", async ({ signedIn: page, server }) => {
  for (const name of ["ci gate", "nightly CI", "alice laptop"]) {
    await server.gql("mutation($name: String!) { createApiKey(name: $name, role: VIEWER) { secret } }", { name });
  }
  for (const name of ["Team chat", "CI alerts"]) {
    await server.gql("mutation($name: String!, $url: String!) { createWebhook(name: $name, url: $url) { id } }",
      { name, url: "http://127.0.0.1:9/hook" });
  }
  await page.goto("/settings");
  await page.getByRole("searchbox", { name: "Search keys by name" }).fill("ci");
  await expect.poll(() => cellTexts(page, "API keys")).toEqual(["nightly CI", "ci gate"]); // newest first
  await expect(page.getByText("2 keys")).toBeVisible();
  await expect(page).toHaveURL(/keys\.q=ci/);
  // The webhooks' list is not narrowed by the keys' search.
  await expect.poll(() => cellTexts(page, "Webhooks")).toEqual(["CI alerts", "Team chat"]);
  await page.getByRole("searchbox", { name: "Search webhooks by name" }).fill("team");
  await expect.poll(() => cellTexts(page, "Webhooks")).toEqual(["Team chat"]);
  await expect(page.getByText("1 webhook", { exact: true })).toBeVisible();
  const keysSort = page.getByRole("combobox", { name: "Sort" }).first();
  await keysSort.click();
  await page.getByRole("option", { name: "Name A–Z" }).click();
  await expect.poll(() => cellTexts(page, "API keys")).toEqual(["ci gate", "nightly CI"]);
  await screenshot(page, "settings-lists-search-1280-en");
  await expectAccessible(page, "settings lists");

  await language(page, "zh");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings?keys.q=alice&hooks.q=ci");
  await expect.poll(() => cellTexts(page, "API 密钥")).toEqual(["alice laptop"]);
  await expect(page.getByText("共 1 个密钥")).toBeVisible();
  await expect(page.getByText("共 1 个 Webhook")).toBeVisible();
  await screenshot(page, "settings-lists-search-390-zh");
});
