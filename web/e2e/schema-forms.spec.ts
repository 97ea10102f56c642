/**
 * Issue 29 point 5: forms checked in the browser against the server's own JSON Schemas —
 * every problem at once, at its field, in the UI's language, and nothing sent until fixed.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";

async function language(page: Page, lang: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), lang);
}

/** Counts the GraphQL mutations the page sends (none may go while the form has problems). */
function countMutations(page: Page, name: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/graphql") && request.method() === "POST" && (request.postData() ?? "").includes(name)) count++;
  });
  return () => count;
}

test("the target form names every problem of an http config at its field at once, in English and Chinese", async ({ signedIn: page }) => {
  const sent = countMutations(page, "createTarget");
  await page.goto("/targets/new");
  await page.getByRole("combobox", { name: /^Channel type/ }).click();
  await page.getByRole("option", { name: "http", exact: true }).click();
  const url = page.getByRole("textbox", { name: /^URL/ });
  await url.fill("ftp://bot.internal/chat");
  await page.getByRole("textbox", { name: /^Retries/ }).fill("11");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Must start with http:// or https://")).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^Reply path/ })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("At most 10")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "4 fields need fixing" })).toBeVisible();
  await expect(page.getByText(/\^https\?/)).toHaveCount(0); // never the regex
  expect(sent()).toBe(0);
  await screenshot(page, "schema-target-errors-1280-en");
  await expectAccessible(page, "target form errors");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "schema-target-errors-390-en");

  // Fixing a field takes its message away at once; with all fixed, Save sends and opens the target.
  await url.fill("http://bot.internal/chat");
  await expect(url).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "3 fields need fixing" })).toBeVisible();

  await language(page, "zh");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await page.getByRole("combobox", { name: /^通道类型/ }).click();
  await page.getByRole("option", { name: "http", exact: true }).click();
  await page.getByRole("textbox", { name: /^URL/ }).fill("bot.internal");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("必须以 http:// 或 https:// 开头")).toBeVisible();
  await expect(page.getByText("必填").first()).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "有 3 个字段需要先修正才能保存" })).toBeVisible();
  await expect(page.getByText("Required")).toHaveCount(0);
  await screenshot(page, "schema-target-errors-1280-zh");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "schema-target-errors-390-zh");
  await page.getByRole("textbox", { name: "名称" }).fill("校验机器人");
  await page.getByRole("textbox", { name: /^URL/ }).fill("http://127.0.0.1:9/chat");
  await page.getByRole("textbox", { name: /^回复路径/ }).fill("reply");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/targets\/(?!new)[^/]+$/);
  expect(sent()).toBe(1);
});

test("the scenario editor shows rule-param problems from the rule schemas at their fields, per-turn rules too", async ({ signedIn: page, server }) => {
  const { scenarios } = await server.gql<{ scenarios: { edges: { node: { id: string } }[] } }>(
    "{ scenarios(search: \"repair booking\") { edges { node { id } } } }");
  const sent = countMutations(page, "updateScenario");
  await page.goto(`/scenarios/${scenarios.edges[0].node.id}/edit`);
  await page.getByRole("button", { name: "Collapse all cases" }).click();
  const first = page.getByRole("group", { name: /^Case booking-zh-complete/ });
  // A per-turn rule on message 1, with no keywords.
  await first.getByRole("button", { name: /^▸ Case / }).click();
  await first.getByRole("button", { name: "Add checks on the reply to message 1" }).click();
  const turn = first.getByRole("group", { name: "Checks on the reply to message 1" });
  await turn.getByRole("button", { name: "Add a rule on turn 1" }).click();
  await turn.getByRole("combobox", { name: "Rule type" }).click();
  await page.getByRole("option", { name: "keyword_match", exact: true }).click();
  await turn.getByRole("textbox", { name: /keywords/ }).fill("[]");
  // The case's own rules: keywords emptied, the latency limit below zero.
  const rules = first.getByRole("group", { name: /^Rule \d/ });
  await rules.nth(0).getByRole("textbox", { name: /keywords/ }).fill("[]");
  await rules.nth(1).getByRole("textbox", { name: /max_ms/ }).fill("-5");
  await first.getByRole("button", { name: /^▾ Case / }).click(); // folded: Save unfolds what has problems
  await page.getByRole("button", { name: "Save scenario" }).click();
  await expect(rules.nth(0).getByText("At least 1 item(s)")).toBeVisible();
  await expect(rules.nth(1).getByText("More than 0")).toBeVisible();
  await expect(turn.getByText("At least 1 item(s)")).toBeVisible();
  await expect(rules.nth(1).getByRole("textbox", { name: /max_ms/ })).toHaveAttribute("aria-invalid", "true");
  // The summary near Save names them as people read them, numbered from 1.
  const summary = page.getByRole("list", { name: "Problems to fix" });
  await expect(summary).toContainText("Case 1 › Rule 1 › keywords");
  await expect(summary).toContainText("Case 1 › Message 1 › Rule 1 › keywords");
  expect(sent()).toBe(0);
  await screenshot(page, "schema-editor-errors-1280-en");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "schema-editor-errors-390-en");
  await rules.nth(1).getByRole("textbox", { name: /max_ms/ }).fill("800");
  await expect(rules.nth(1).getByRole("textbox", { name: /max_ms/ })).not.toHaveAttribute("aria-invalid", "true");

  await language(page, "zh");
  await page.setViewportSize({ width: 1280, height: 900 });
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  const zhFirst = page.getByRole("group", { name: /^用例 booking-zh-complete/ });
  await zhFirst.getByRole("button", { name: /^▸ 用例 / }).click(); // cases open folded
  const zhRules = zhFirst.getByRole("group", { name: /^规则 \d/ });
  await zhRules.nth(0).getByRole("textbox", { name: /keywords/ }).fill("[]");
  await zhRules.nth(1).getByRole("textbox", { name: /max_ms/ }).fill("-5");
  await page.getByRole("button", { name: "保存场景" }).click();
  await expect(zhRules.nth(0).getByText("至少 1 项")).toBeVisible();
  await expect(zhRules.nth(1).getByText("必须大于 0")).toBeVisible();
  await screenshot(page, "schema-editor-errors-1280-zh");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "schema-editor-errors-390-zh");
  expect(sent()).toBe(0);
});

test("the webhook form names its problems at the fields before sending", async ({ signedIn: page }) => {
  const sent = countMutations(page, "createWebhook");
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Webhooks" });
  await section.getByRole("textbox", { name: "URL" }).fill("hooks.example/chat");
  await section.getByRole("button", { name: "Add webhook" }).click();
  await expect(section.getByRole("textbox", { name: "Label" })).toHaveAttribute("aria-invalid", "true");
  await expect(section.getByText("Must start with http:// or https://")).toBeVisible();
  expect(sent()).toBe(0);
  await screenshot(page, "schema-webhook-errors-1280-en");
  await language(page, "zh");
  await page.reload();
  const zh = page.getByRole("region", { name: "Webhook 通知" });
  await zh.getByRole("textbox", { name: "URL" }).fill("hooks.example/chat");
  await zh.getByRole("button", { name: "添加 Webhook" }).click();
  await expect(zh.getByRole("textbox", { name: "Webhook 名称" })).toHaveAttribute("aria-invalid", "true");
  await expect(zh.getByText("必须以 http:// 或 https:// 开头")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "schema-webhook-errors-390-zh");
  expect(sent()).toBe(0);
});
