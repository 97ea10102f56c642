/** Issue 41 point 4: list state in the address, the skip link, Forget key, errors in the UI's language. */
import { expect, expectAccessible, screenshot, test, ADMIN_KEY } from "./support/fixtures";

test("a list's search, page and filter live in the address: Back and a shared link keep them", async ({ signedIn: page, server }) => {
  for (let i = 1; i <= 25; i++) {
    await server.gql("mutation($input: CreateScenarioInput!) { createScenario(input: $input) { id } }",
      { input: { name: `E2E paging ${String(i).padStart(2, "0")}`, cases: [{ key: "k", messages: ["hi"] }] } });
  }
  await page.goto("/scenarios");
  await page.getByRole("searchbox", { name: "Search by name" }).fill("E2E paging");
  await expect(page).toHaveURL(/q=E2E\+paging/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/after=/);
  const onPageTwo = page.getByRole("link", { name: "E2E paging 21" });
  await expect(onPageTwo).toBeVisible();
  await onPageTwo.click();
  await expect(page.getByRole("heading", { name: "E2E paging 21" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("link", { name: "E2E paging 21" })).toBeVisible(); // still page 2 of the search
  await expect(page.getByRole("searchbox", { name: "Search by name" })).toHaveValue("E2E paging");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("link", { name: "E2E paging 01" })).toBeVisible();
  await page.goBack(); // paging made history: Back returns to page 2
  await expect(page.getByRole("link", { name: "E2E paging 21" })).toBeVisible();

  // A filter too: a shared link opens the same filtered list.
  await page.goto("/evals");
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Completed" }).click();
  await expect(page).toHaveURL(/status=COMPLETED/);
  const shared = page.url();
  await page.goto("/");
  await page.goto(shared);
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("Completed");
  await screenshot(page, "list-filter-in-address-1280-en", { fullPage: false });
});

test("a skip link leads past the navigation, and scroll boxes take the keyboard", async ({ signedIn: page }) => {
  await page.goto("/scenarios");
  await expect(page.getByRole("heading", { name: "Scenarios" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await screenshot(page, "skip-link-1280-en", { fullPage: false });
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await expectAccessible(page, "scenarios with the skip link");
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "zh"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "场景", exact: true })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "跳到正文" })).toBeFocused();
  await screenshot(page, "skip-link-390-zh", { fullPage: false });
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "en"));
});

test("after a refused key there is no Forget key, and a failed call speaks the UI's language", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("API key").fill("ae_not_a_real_key_000000000");
  await page.getByRole("button", { name: "Use this key" }).click();
  await expect(page.getByRole("alert")).toContainText("UNAUTHENTICATED");
  await expect(page.getByRole("alert")).toContainText("The server did not accept this API key");
  await expect(page.getByRole("button", { name: "Forget key" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open navigation" }).click();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Forget key" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await screenshot(page, "refused-key-390-en");

  await page.getByLabel("API key").fill(ADMIN_KEY);
  await page.getByRole("button", { name: "Use this key" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to AgentEval" })).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "zh"));
  await page.goto("/runs/00000000-0000-0000-0000-000000000000/nope");
  await page.goto("/campaigns/not-an-id");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("服务器原文");
  await expect(alert).not.toContainText("The request failed");
  await expect(alert).toContainText("此地址中的 ID 无效"); // a bad id in the address, not "1 个字段需要修改"
  await expect(alert).not.toContainText("字段");
  await screenshot(page, "error-zh-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, "error-zh-1280");
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "en"));
});

test("the campaign page follows runs started elsewhere without a reload", async ({ signedIn: page, server }) => {
  const { demoTargetId, startBookingRun } = await import("./support/finishedWork");
  const targetId = await demoTargetId(server);
  const first = await startBookingRun(server, targetId, "E2E live list");
  await first.finished();
  const { run } = await server.gql<{ run: { campaign: { id: string } } }>("query($id: ID!) { run(id: $id) { campaign { id } } }", { id: first.runId });
  await page.goto(`/campaigns/${run.campaign.id}`);
  const runs = page.getByRole("group", { name: /^Run / });
  await expect(runs).toHaveCount(1);
  await expect(runs.first().getByRole("link", { name: /^Report: / })).toBeVisible(); // the run link says what it opens
  await server.gql("mutation($id: ID!) { startRun(campaignId: $id) { id } }", { id: run.campaign.id }); // through the API, not this page
  await expect(runs).toHaveCount(2, { timeout: 25_000 });
  await screenshot(page, "campaign-live-1280-en", { fullPage: false });
});

test("GraphiQL on a phone: the editor and the response are stacked, each usable", async ({ signedIn: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/graphql");
  await expect(page.locator(".graphiql-container")).toBeVisible();
  await page.keyboard.press("Escape");
  const editors = page.locator(".graphiql-editors");
  const response = page.locator(".graphiql-response");
  await expect(editors).toBeVisible();
  await expect(response).toBeVisible();
  const [editorBox, responseBox] = [await editors.boundingBox(), await response.boundingBox()];
  // Each takes (nearly) the screen's width, one above the other.
  expect(editorBox?.width ?? 0).toBeGreaterThan(280);
  expect(responseBox?.width ?? 0).toBeGreaterThan(280);
  expect((responseBox?.y ?? 0)).toBeGreaterThanOrEqual((editorBox?.y ?? 0) + (editorBox?.height ?? 0) - 20);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "graphiql-390", { fullPage: false });
});
