/** Issue 41's wording list, checked in both languages: counts that agree with their noun, server
 * field messages in the UI's language with focus on the first, and no timestamp finer than a second. */
import type { Page } from "@playwright/test";
import { expect, screenshot, test } from "./support/fixtures";
import { demoTargetId } from "./support/finishedWork";

async function language(page: Page, lang: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), lang);
}

/** Raw timestamps: ISO text (2026-12-06T10:14:13…) or anything finer than a second (10:14:13.123456). */
const RAW_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d|\d\d:\d\d:\d\d[.,]\d{3,}/;

test("an empty campaign form is refused in Chinese at its fields, with focus on the first one", async ({ signedIn: page }) => {
  await language(page, "zh");
  await page.goto("/campaigns");
  await page.getByRole("button", { name: "创建测试活动" }).click();
  const form = page.locator(".mantine-Card-root").filter({ has: page.getByRole("heading", { name: "新建测试活动" }) });
  // The server's words ("must not be blank", "must name at least one target")
  // said in Chinese at their fields.
  await expect(form.getByText("不能为空")).toBeVisible();
  await expect(form.getByText("必填")).toBeVisible(); // no scenario picked: not "not a valid id"
  await expect(form.getByText("至少选择一个被测对象")).toBeVisible();
  await expect(form.getByRole("alert")).toContainText("有 3 个字段需要修改");
  await expect(form.getByRole("textbox", { name: "名称" })).toBeFocused();
  await screenshot(page, "campaign-refused-zh-1280", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "创建测试活动" }).click();
  await expect(form.getByRole("textbox", { name: "名称" })).toBeFocused();
  await screenshot(page, "campaign-refused-zh-390", { fullPage: false });
  await language(page, "en");
});

test("one case is “1 case”, and no page shows a timestamp finer than a second, in English and Chinese", async ({ signedIn: page, server }) => {
  const scenario = JSON.stringify({ name: `E2E one case ${Date.now()}`, cases: [{ id: "only", messages: ["你好"], expectation: { contains: "您好" } }] });
  const { importScenario } = await server.gql<{ importScenario: { id: string } }>(
    "mutation($document: String!) { importScenario(document: $document) { id } }", { document: scenario });
  const { createCampaign } = await server.gql<{ createCampaign: { id: string } }>(
    "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name: "E2E one case", scenarioId: importScenario.id, targetIds: [await demoTargetId(server)], concurrency: 1 } });
  const { startRun } = await server.gql<{ startRun: { id: string }[] }>("mutation($id: ID!) { startRun(campaignId: $id) { id } }", { id: createCampaign.id });

  await page.goto(`/campaigns/${createCampaign.id}`);
  await expect(page.getByText(/1 case × 1, 1 at a time/)).toBeVisible();
  await expect(page.getByText(/\b1 cases\b/)).toHaveCount(0);
  await page.goto(`/scenarios/${importScenario.id}`);
  await expect(page.getByText(/\b1 cases\b/)).toHaveCount(0);

  const pages = ["/", "/evals", "/campaigns", `/campaigns/${createCampaign.id}`, `/runs/${startRun[0].id}`, "/scenarios",
    `/scenarios/${importScenario.id}`, "/targets", "/logs", "/monitoring", "/settings", "/models"];
  for (const lang of ["en", "zh"] as const) {
    await language(page, lang);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator("main")).not.toBeEmpty();
      await page.waitForLoadState("networkidle");
      const text = await page.locator("main").innerText();
      expect(text, `${path} in ${lang}`).not.toMatch(RAW_TIME);
      expect(text, `${path} in ${lang}`).not.toContain("报告页：");
    }
  }
  await language(page, "zh");
  await page.goto(`/campaigns/${createCampaign.id}`);
  await expect(page.getByText(/1 个用例 × 1，同时 1 个/)).toBeVisible();
  await language(page, "en");
});
