/** Issue 29 points 3 and 9: turns counted from 1 everywhere a person reads; channel and rule help and rule reasons in the UI's language; a Chinese eval planned, judged and reported in Chinese. */
import type { Page } from "@playwright/test";
import { demoTargetId, startBookingRun, startRepairEval } from "./support/finishedWork";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";

async function useLanguage(page: Page, language: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), language);
  await page.reload();
}

test("a run's turns are numbered from 1 on the page and in its Markdown; its rule reasons follow the UI's language", async ({ signedIn: page, server }) => {
  const { runId, finished } = await startBookingRun(server, await demoTargetId(server), "E2E turn numbers");
  await finished();
  await page.goto(`/runs/${runId}`);
  const first = page.getByRole("list", { name: "Cases" }).getByRole("listitem").first();
  await first.getByRole("button").first().click();
  await expect(first.getByText(/^Turn 1\b/).first()).toBeVisible();
  await expect(first.getByText(/^Turn 0\b/)).toHaveCount(0);
  await expect(first).toContainText("expected");
  await screenshot(page, "run-reasons-1280-en");
  const { run } = await server.gql<{ run: { reportMarkdown: string } }>("query($id: ID!) { run(id: $id) { reportMarkdown } }", { id: runId });
  expect(run.reportMarkdown).toContain("**User [1]:**");
  expect(run.reportMarkdown).not.toContain("**User [0]:**");

  await useLanguage(page, "zh");
  const zhFirst = page.getByRole("list", { name: "用例" }).getByRole("listitem").first();
  await zhFirst.getByRole("button").first().click();
  await expect(zhFirst).toContainText("期望");
  await expect(zhFirst).not.toContainText("expected the last reply");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "run-reasons-390-zh");
});

test("channel fields are labelled with their help in Chinese and English", async ({ signedIn: page, server }) => {
  await page.goto(`/targets/${await demoTargetId(server)}`);
  await expect(page.getByRole("combobox", { name: /^Reply language/ })).toBeVisible();
  await expect(page.getByText("auto answers in the language of each user message.")).toBeVisible();
  await screenshot(page, "target-help-1280-en");
  await useLanguage(page, "zh");
  await expect(page.getByRole("combobox", { name: /^回复语言/ })).toBeVisible();
  await expect(page.getByText("auto：按每条用户消息的语言回复。")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "target-help-390-zh");
  await expectAccessible(page, "target help zh");

  // An HTTP target: every field of its form has a Chinese title.
  await page.goto("/targets/new");
  await page.getByRole("combobox", { name: /^通道类型|^Channel type/ }).click();
  await page.getByRole("option", { name: "http", exact: true }).click();
  for (const title of ["URL", "HTTP 方法", "请求头", "请求体模板", "回复路径", "超时（秒）", "重试次数"]) {
    await expect(page.locator("label").filter({ hasText: title }).first()).toBeVisible();
  }
  await screenshot(page, "target-new-http-390-zh");
});

test("an eval with a Chinese goal is reported in Chinese by the built-in driver", async ({ signedIn: page, server }) => {
  const finished = await startRepairEval(server, await demoTargetId(server), "E2E 中文评估", "检查机器人能否正确预约空调维修，并询问方便的上门时间。");
  const evalId = await finished();
  const { intelligentEval } = await server.gql<{ intelligentEval: { language: string; reportMarkdown: string; report: { summary: string } } }>(
    "query($id: ID!) { intelligentEval(id: $id) { language reportMarkdown report { summary } } }", { id: evalId });
  expect(intelligentEval.language).toBe("zh");
  expect(intelligentEval.report.summary).toMatch(/^计划的 1 个会话中评估了 1 个/);
  expect(intelligentEval.reportMarkdown).toContain("## 摘要");

  await useLanguage(page, "zh");
  await page.goto(`/evals/${evalId}/report`);
  const summary = page.getByText(intelligentEval.report.summary);
  await expect(summary).toBeVisible();
  await expect(page.getByText(/planned sessions were evaluated/)).toHaveCount(0);
  await expect(page.getByText(/Scripted evaluation over/)).toHaveCount(0);
  await screenshot(page, "report-zh-eval-1280-zh");
  await expectAccessible(page, "zh eval report");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "report-zh-eval-390-zh");
  await page.goto(`/evals/${evalId}`);
  await expect(page.getByText("每个维度至少有一个已结束并给出结论的会话；每个虚拟用户进行一个会话。")).toBeVisible();
  await screenshot(page, "manage-zh-eval-390-zh");
});

test("the new-evaluation form states the report language it is given", async ({ signedIn: page, server }) => {
  await useLanguage(page, "zh");
  await page.goto("/evals/new");
  await page.getByRole("textbox", { name: "名称", exact: true }).fill("E2E 英文报告");
  await page.getByRole("combobox", { name: "被测对象" }).click();
  await page.getByRole("option", { name: /Mia \(demo bot\)/ }).click();
  await page.getByRole("textbox", { name: "目标", exact: true }).fill("检查维修预约是否完整");
  await page.getByRole("textbox", { name: "用户想要什么" }).first().fill("预约空调维修");
  await page.getByRole("textbox", { name: "意图", exact: true }).fill("找出缺陷");
  await page.getByRole("textbox", { name: "测试者角色", exact: true }).fill("质检负责人");
  const language = page.getByRole("combobox", { name: "报告语言" });
  await expect(language).toHaveValue("按目标判断");
  await language.click();
  await page.getByRole("option", { name: "English" }).click();
  await screenshot(page, "new-eval-language-1280-zh");
  await page.getByRole("button", { name: "创建" }).click();
  await page.waitForURL(/\/evals\/[0-9a-f-]{36}$/);
  const evalId = page.url().split("/evals/")[1];
  const { intelligentEval } = await server.gql<{ intelligentEval: { language: string } }>(
    "query($id: ID!) { intelligentEval(id: $id) { language } }", { id: evalId });
  expect(intelligentEval.language).toBe("en"); // its Chinese goal alone would have made it zh
});
