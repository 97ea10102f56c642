/** Issue 29 point 8: search, sort, filters and paging on the lists; last runs with rates; pickers tell same names apart. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { demoTargetId, startBookingRun } from "./support/finishedWork";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";

const BOOKING = resolve(import.meta.dirname, "../../examples/scenarios/booking.json");

async function names(page: Page, table: string): Promise<string[]> {
  const rows = page.getByRole("table", { name: table }).locator("tbody tr");
  return (await rows.locator("td:first-child a").allTextContents()).map((text) => text.trim());
}

test("targets are searched, sorted and paged by the server, in both languages", async ({ signedIn: page, server }) => {
  for (const name of ["Zeta shop bot", "alpha shop bot", "Beta hotline", "gamma shop bot"]) {
    await server.gql("mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }",
      { input: { name, channelType: "http", channelConfig: { url: "http://127.0.0.1:9/chat", reply_path: "reply" } } });
  }
  await page.goto("/targets");
  await page.getByRole("searchbox", { name: "Search by name" }).fill("SHOP");
  await expect(page).toHaveURL(/q=SHOP/);
  await expect.poll(() => names(page, "Targets")).toEqual(["Zeta shop bot", "alpha shop bot", "gamma shop bot"]);
  await page.getByRole("combobox", { name: "Sort" }).click();
  await page.getByRole("option", { name: "Name A–Z" }).click();
  await expect.poll(() => names(page, "Targets")).toEqual(["alpha shop bot", "gamma shop bot", "Zeta shop bot"]);
  await expect(page.getByText("3 targets")).toBeVisible();
  await screenshot(page, "targets-search-1280-en");
  await expectAccessible(page, "targets search");
  // The address keeps the list: a reload shows the same.
  await page.reload();
  await expect.poll(() => names(page, "Targets")).toEqual(["alpha shop bot", "gamma shop bot", "Zeta shop bot"]);

  // Paging over the matches: 20 per page, so 25 more bots make two pages.
  for (let i = 0; i < 25; i++) {
    await server.gql("mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }",
      { input: { name: `shop bot ${String(i).padStart(2, "0")}`, channelType: "http", channelConfig: { url: "http://127.0.0.1:9/chat", reply_path: "reply" } } });
  }
  await page.reload();
  await expect(page.getByText("28 targets")).toBeVisible();
  await expect(page.getByRole("table", { name: "Targets" }).locator("tbody tr")).toHaveCount(20);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("table", { name: "Targets" }).locator("tbody tr")).toHaveCount(8);
  await expect.poll(async () => (await names(page, "Targets")).at(-1)).toBe("Zeta shop bot");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("table", { name: "Targets" }).locator("tbody tr")).toHaveCount(20);

  // Nothing found says so.
  await page.getByRole("searchbox", { name: "Search by name" }).fill("no such bot");
  await expect(page.getByText("Nothing matches this search or these filters")).toBeVisible();

  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "zh"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/targets?q=hotline");
  await expect(page.getByRole("searchbox", { name: "按名称搜索" })).toHaveValue("hotline");
  await expect.poll(() => names(page, "被测对象")).toEqual(["Beta hotline"]);
  await expect(page.getByText("共 1 个被测对象")).toBeVisible();
  await screenshot(page, "targets-search-390-zh");
});

test("campaigns filter by scenario, show their last run's rates and time, and the picker tells same-named scenarios apart", async ({ signedIn: page, server }) => {
  const document = readFileSync(BOOKING, "utf8");
  for (let i = 0; i < 2; i++) await server.gql("mutation($d: String!) { importScenario(document: $d) { id } }", { d: document });
  const { runId, finished } = await startBookingRun(server, await demoTargetId(server), "E2E lists nightly");
  await finished();
  const name = (JSON.parse(document) as { name: string }).name;

  await page.goto("/campaigns");
  const row = page.getByRole("row", { name: /E2E lists nightly/ });
  await expect(row).toContainText("Completed");
  await expect(row).toContainText(/pass \d+% · success \d+%/);
  await page.getByRole("searchbox", { name: "Search by name" }).fill("lists nightly");
  await expect.poll(() => names(page, "Campaigns")).toEqual(["E2E lists nightly"]);
  await screenshot(page, "campaigns-last-run-1280-en");

  // Scenarios of the same name (the demo's, two imported here, one by the run): each option differs.
  await page.getByRole("combobox", { name: "Filter by scenario" }).click();
  const options = page.getByRole("option", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")} \\(`) });
  await expect.poll(() => options.count()).toBeGreaterThanOrEqual(3);
  const labels = await options.allTextContents();
  expect(new Set(labels).size).toBe(labels.length);
  expect(labels[0]).toContain("created");
  await page.keyboard.press("Escape");

  // Filtered by the run's scenario (picked by its id's start): only its campaign.
  const { run } = await server.gql<{ run: { campaign: { scenario: { id: string } } } }>(
    "query($id: ID!) { run(id: $id) { campaign { scenario { id } } } }", { id: runId });
  await page.getByRole("searchbox", { name: "Search by name" }).fill("");
  await page.getByRole("combobox", { name: "Filter by scenario" }).click();
  await page.getByRole("option").filter({ hasText: `#${run.campaign.scenario.id.slice(0, 8)}` }).click();
  await expect.poll(() => names(page, "Campaigns")).toEqual(["E2E lists nightly"]);

  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "zh"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/campaigns?q=lists");
  await expect(page.getByRole("row", { name: /E2E lists nightly/ })).toContainText(/通过率 \d+% · 成功率 \d+%/);
  await screenshot(page, "campaigns-last-run-390-zh");
});

test("a list whose query fails shows the API's code and message, and Try again asks once more", async ({ signedIn: page }) => {
  // The server is real; only the list's own query is answered with an error until the retry.
  let failing = true;
  // urql sends short queries as GET (the document in the address), longer ones as POST.
  await page.route((url) => url.pathname === "/graphql", async (route) => {
    const request = route.request();
    if (failing && `${request.url()} ${request.postData() ?? ""}`.includes("ConversationSetsPage")) {
      await route.fulfill({ status: 200, contentType: "application/json",
        body: JSON.stringify({ data: null, errors: [{ message: "the database is restarting", extensions: { code: "INTERNAL" } }] }) });
      return;
    }
    await route.continue();
  });
  await page.goto("/logs");
  const alert = page.getByRole("alert").filter({ hasText: "the database is restarting" });
  await expect(alert).toContainText("INTERNAL");
  await expect(page.getByRole("heading", { name: "Conversation logs", level: 2 })).toBeVisible();
  await screenshot(page, "list-error-retry-1280-en");
  failing = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByText(/^\d+ logs$/)).toBeVisible();
});

test("an eval row opens the eval on a plain click and leaves a modified click to the browser; the language switch says which is on", async ({ signedIn: page, server }) => {
  const targetId = await demoTargetId(server);
  const { createIntelligentEval: created } = await server.gql<{ createIntelligentEval: { id: string } }>(
    "mutation($input: CreateIntelligentEvalInput!) { createIntelligentEval(input: $input) { id } }",
    { input: { name: "E2E row click", targetId, goal: "Row click", seeds: { goals: [{ goal: "Ask" }] }, intent: "e2e", roleDescription: "tester" } });
  await page.goto("/evals");
  const row = page.getByRole("row").filter({ hasText: "E2E row click" });
  const link = row.getByRole("link", { name: "E2E row click" });
  await expect(link).toHaveAttribute("href", `/evals/${created.id}`);

  // Ctrl-click is the browser's: a new tab, this page stays.
  const opened = page.context().waitForEvent("page");
  await link.click({ modifiers: ["ControlOrMeta"] });
  await (await opened).close();
  await expect(page).toHaveURL(/\/evals$/);

  // A plain click on the row, or on its link, navigates inside the app (no reload: the marker survives).
  await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
  await row.getByRole("cell").nth(3).click();
  await expect(page).toHaveURL(new RegExp(`/evals/${created.id}$`));
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await page.goBack();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/evals/${created.id}$`));
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  const language = page.getByRole("banner").getByRole("group", { name: "Language" });
  await expect(language.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  await language.getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("banner").getByRole("group", { name: "语言" }).getByRole("button", { name: "中文" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
});
