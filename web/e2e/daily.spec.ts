/** Issue 29 points 2, 4 and 6: confirmations before what cannot be undone, the app's own error page, GraphiQL's first schema fetch. */
import type { Page } from "@playwright/test";
import { startEvilTarget } from "./support/evilTarget";
import { startBookingRun } from "./support/finishedWork";
import { ADMIN_KEY, expect, expectAccessible, screenshot, test } from "./support/fixtures";

async function useLanguage(page: Page, language: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), language);
  await page.reload();
}

test("Revoke asks first, warns on the key in use and is not offered on the only ADMIN key", async ({ signedIn: page, server }) => {
  await page.goto("/settings");
  const own = page.getByRole("row", { name: /AGENTEVAL_ADMIN_KEY/ });
  await expect(own).toContainText("only ADMIN key");
  await expect(own.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);

  // A second ADMIN key: now either may go, and the page says which one this browser uses.
  await page.getByRole("textbox", { name: "Name" }).fill("e2e second admin");
  await page.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "ADMIN", exact: true }).click();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("row", { name: /e2e second admin/ })).toBeVisible();
  await own.getByRole("button", { name: /^Revoke/ }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke the key “admin (AGENTEVAL_ADMIN_KEY)”?" });
  await expect(dialog).toContainText("This is the key this browser is using: revoking it signs you out at once.");
  await screenshot(page, "revoke-own-en");
  await expectAccessible(page, "revoke dialog");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(own).not.toContainText("Revoked");

  // In Chinese, at phone width, revoking the other ADMIN key; then this one is the only one again.
  await useLanguage(page, "zh");
  await page.setViewportSize({ width: 390, height: 844 });
  const second = page.getByRole("row", { name: /e2e second admin/ });
  await second.getByRole("button", { name: /^Revoke|^吊销/ }).click();
  const zhDialog = page.getByRole("dialog", { name: "吊销密钥“e2e second admin”？" });
  await expect(zhDialog).toContainText("使用此密钥的所有请求都会被拒绝");
  await expect(zhDialog).not.toContainText("本浏览器正在使用");
  await screenshot(page, "revoke-other-390-zh");
  await zhDialog.getByRole("button", { name: "吊销密钥" }).click();
  await expect(second).toContainText("已吊销");
  await expect(page.getByRole("row", { name: /AGENTEVAL_ADMIN_KEY/ })).toContainText("唯一的 ADMIN 密钥");
  const cut = await page.locator(".status-badge .mantine-Badge-label").evaluateAll((labels) =>
    labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
  expect(cut).toEqual([]); // "唯一的 ADMIN 密钥" whole, not "唯一…"
  await screenshot(page, "settings-keys-390-zh");

  // The server refuses the last ADMIN key whatever the page offers.
  const refused = await fetch(`${server.url}/graphql`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": ADMIN_KEY },
    body: JSON.stringify({ query: "{ me { id } }" }),
  }).then((r) => r.json()) as { data: { me: { id: string } } };
  const answer = await fetch(`${server.url}/graphql`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": ADMIN_KEY },
    body: JSON.stringify({ query: "mutation($id: ID!) { revokeApiKey(id: $id) { id } }", variables: { id: refused.data.me.id } }),
  }).then((r) => r.json()) as { errors: { extensions: { code: string } }[] };
  expect(answer.errors[0].extensions.code).toBe("CONFLICT");
});

test("Cancel evaluation and Cancel run ask first and name what happens", async ({ signedIn: page, server }) => {
  // The demo eval waits for approval: cancelling it is offered, and Keep it keeps it.
  await page.getByRole("link", { name: /^Demo: / }).first().click();
  await page.getByRole("button", { name: "Cancel evaluation" }).click();
  const dialog = page.getByRole("dialog", { name: /^Cancel the evaluation “Demo: / });
  await expect(dialog).toContainText("A cancelled evaluation cannot be resumed.");
  await expect(dialog.getByRole("textbox", { name: "Reason (optional)" })).toBeVisible();
  await screenshot(page, "cancel-eval-en");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(page.getByText("Waiting for approval").first()).toBeVisible();

  // A slow run: Cancel run asks, in Chinese too, then cancels.
  const slowBot = await startEvilTarget(1500);
  try {
    const { createTarget } = await server.gql<{ createTarget: { id: string } }>(
      "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }",
      { input: { name: "Slow bot (cancel)", channelType: "http", channelConfig: { url: slowBot.url, reply_path: "reply" } } });
    const { runId } = await startBookingRun(server, createTarget.id, "E2E cancel run", 1);
    const { run } = await server.gql<{ run: { campaign: { id: string } } }>(
      "query($id: ID!) { run(id: $id) { campaign { id } } }", { id: runId });
    await page.goto(`/campaigns/${run.campaign.id}`);
    await useLanguage(page, "zh");
    const row = page.getByRole("group", { name: /Slow bot \(cancel\)/ });
    await row.getByRole("button", { name: /^取消运行/ }).click();
    const zhDialog = page.getByRole("dialog", { name: /^取消运行“Slow bot \(cancel\)/ });
    await expect(zhDialog).toContainText("已有的结果保留");
    await screenshot(page, "cancel-run-zh");
    await zhDialog.getByRole("button", { name: "取消运行" }).click();
    await expect(row).toContainText("已取消");
  } finally {
    await slowBot.close();
  }
});

test("a page that cannot load shows the app's own error page with a retry, in the user's language", async ({ signedIn: page }) => {
  // The settings page's chunk is unreachable (server gone, or an old chunk after an upgrade).
  await page.route(/\/assets\/SettingsPage-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole("link", { name: "Settings" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "This page could not be shown" });
  await expect(alert).toContainText("A part of the app could not be loaded");
  await expect(page.getByText(/Unexpected Application Error|Hey developer/)).toHaveCount(0);
  await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
  // The navigation stays: the other pages still open.
  await expect(page.getByRole("banner").getByRole("link", { name: "Targets" })).toBeVisible();
  await screenshot(page, "route-error-en");
  await expectAccessible(page, "route error");
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "zh"));
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "此页面无法显示" })).toContainText("应用的一部分未能加载");
  await screenshot(page, "route-error-zh");
  // Retry, once the chunk can be had again, shows the page.
  await page.unroute(/\/assets\/SettingsPage-[^/]+\.js$/);
  await page.getByRole("button", { name: "重试" }).click();
  await expect(page.getByRole("heading", { name: "设置" })).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "首页" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "此页面无法显示" })).toHaveCount(0);
});

test("a new build deployed while the page is open is announced with a reload", async ({ signedIn: page }) => {
  await page.route((url) => url.pathname === "/", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/\/assets\/index-[^"]+\.js/, "/assets/index-NEWBUILD.js");
    await route.fulfill({ response, body: html });
  });
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  const notice = page.getByRole("status").filter({ hasText: "A new version of AgentEval was deployed." });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("button", { name: "Reload to use it" })).toBeVisible();
  await screenshot(page, "new-build-en");
});

test("GraphiQL opened from the app fetches its schema with the key the first time", async ({ signedIn: page }) => {
  const introspections: (string | undefined)[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/graphql") && request.method() === "POST" && /IntrospectionQuery|__schema/.test(request.postData() ?? "")) {
      introspections.push(request.headers()["x-api-key"]);
    }
  });
  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: "API (GraphiQL)" }).click();
  const graphiql = await popup;
  graphiql.on("request", (request) => {
    if (request.url().endsWith("/graphql") && request.method() === "POST" && /IntrospectionQuery|__schema/.test(request.postData() ?? "")) {
      introspections.push(request.headers()["x-api-key"]);
    }
  });
  await expect(graphiql.locator(".graphiql-container")).toBeVisible();
  await graphiql.keyboard.press("Escape");
  await graphiql.getByRole("button", { name: /Show Documentation Explorer/i }).click();
  await expect(graphiql.locator(".graphiql-doc-explorer").getByText("Query", { exact: true }).first()).toBeVisible();
  await expect(graphiql.getByText("Error fetching schema")).toHaveCount(0);
  expect(introspections.length).toBeGreaterThan(0);
  expect(introspections.every((key) => key === ADMIN_KEY)).toBe(true);
  await screenshot(graphiql, "graphiql-docs-en");
});
