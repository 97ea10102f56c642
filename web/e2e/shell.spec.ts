import { ADMIN_KEY, expect, expectAccessible, screenshot, test } from "./support/fixtures";

test("a wrong key shows the API's message and how to get a key", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("API key").fill("ae_not_a_real_key");
  await page.getByRole("button", { name: "Use this key" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "UNAUTHENTICATED" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("agenteval keys create");
  await screenshot(page, "key-refused-en");
  await expectAccessible(page, "key form");
});

test("the demo eval is listed once the key is entered, in English and in Chinese", async ({ signedIn: page }) => {
  await expect(page.getByRole("cell", { name: /demo/i }).first()).toBeVisible();
  await expect(page.getByText("Waiting for approval").first()).toBeVisible();
  await screenshot(page, "list-en");
  await expectAccessible(page, "list");

  await page.getByText("中文").first().click();
  await expect(page.getByRole("heading", { name: "智能评估" })).toBeVisible();
  await expect(page.getByRole("link", { name: "新建" })).toBeVisible();
  await expect(page.getByText("待审批").first()).toBeVisible();
  await screenshot(page, "list-zh");
  await page.getByText("English").first().click();
  await expect(page.getByRole("heading", { name: "Intelligent evaluations" })).toBeVisible();

  // An ADMIN creates a key (its secret shown once) and revokes it.
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name" }).fill("e2e viewer");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "shown only this once" })).toContainText("ae_");
  await page.getByRole("button", { name: "Revoke: e2e viewer" }).click();
  await page.getByRole("dialog", { name: "Revoke the key “e2e viewer”?" }).getByRole("button", { name: "Revoke the key" }).click();
  await expect(page.getByRole("row", { name: /e2e viewer/ })).toContainText("Revoked");
  await screenshot(page, "settings-en");
  await expectAccessible(page, "settings");
});

test("GraphiQL is bundled, has the key as a header and answers a query", async ({ signedIn: page }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(page.url().split("/").slice(0, 3).join("/")) && !request.url().startsWith("data:") && !request.url().startsWith("blob:")) {
      foreign.push(request.url());
    }
  });
  await page.goto("/graphql");
  await expect(page.locator(".graphiql-container")).toBeVisible();
  await expect(page.getByText(ADMIN_KEY).first()).toBeAttached();
  await page.keyboard.press("Escape");
  const editor = page.locator(".graphiql-query-editor .monaco-editor").first();
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("{ me { role }");
  await page.getByRole("button", { name: /execute query/i }).click();
  await expect(page.locator(".graphiql-response")).toContainText("ADMIN");
  await screenshot(page, "graphiql");
  expect(foreign).toEqual([]);
});
