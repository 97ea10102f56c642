/** Issue 24 points 4 and 6 in the UI: the Models settings page, and who really produced the plan, the verdicts and the report. */
import type { Page } from "@playwright/test";
import { createKey, demoTargetId, startRepairEval } from "./support/finishedWork";
import { expect, expectAccessible, screenshot, testWithOwnServer as test } from "./support/fixtures";
import { startProseModel } from "./support/modelServer";

// It sets model configs, which no mutation removes: a server of its own.
test.use({ ownServerFor: "models" });

async function useLanguage(page: Page, language: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), language);
  await page.reload();
}

test("an ADMIN configures a role's model on the Models page; the URL's password is masked; a VIEWER only reads", async ({ signedIn: page, browser, server }) => {
  await page.getByRole("link", { name: "Models", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Models", level: 2 })).toBeVisible();
  for (const role of ["JUDGE", "SIMULATOR", "PLANNER", "ANALYST", "MODERATION", "EMBEDDING"]) {
    await expect(page.getByRole("region", { name: role })).toBeVisible();
  }
  const judge = page.getByRole("region", { name: "JUDGE" });
  await judge.getByRole("button", { name: /Configure|Edit/ }).click();
  const form = judge.getByRole("form", { name: "Edit the JUDGE model" });
  await form.getByRole("textbox", { name: "Model", exact: true }).fill("smollm2");
  await form.getByRole("textbox", { name: "Base URL" }).fill("http://judge:s3cr3tpass@127.0.0.1:9/v1");
  await form.getByRole("textbox", { name: "Params" }).fill("[1]");
  await expect(form.getByText("Must be a JSON object.")).toBeVisible();
  await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
  await form.getByRole("textbox", { name: "Params" }).fill('{"max_tokens": 200, "structured_output": "nonsense"}');
  await form.getByRole("button", { name: "Save" }).click();
  // The server's own validation, shown at the field.
  await expect(form.getByText(/structured_output/).last()).toBeVisible();
  await form.getByRole("textbox", { name: "Params" }).fill('{"max_tokens": 200, "structured_output": "json_object_schema"}');
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toHaveCount(0);
  await expect(judge.getByText("Configured", { exact: true })).toBeVisible();
  await expect(judge.getByText("smollm2")).toBeVisible();
  await expect(judge).toContainText("********");
  await expect(judge).not.toContainText("s3cr3tpass");
  await expect(judge).toContainText('"structured_output": "json_object_schema"');
  const { modelConfigs } = await server.gql<{ modelConfigs: { role: string; model: string; params: Record<string, unknown> }[] }>(
    "{ modelConfigs { role model params } }");
  expect(modelConfigs.find((c) => c.role === "JUDGE")).toMatchObject({ model: "smollm2", params: { max_tokens: 200, structured_output: "json_object_schema" } });
  // Saved again as shown, password masked: the server takes the mask as "keep the stored one" (its tests check the kept value).
  await judge.getByRole("button", { name: "Edit" }).click();
  await expect(form.getByRole("textbox", { name: "Base URL" })).toHaveValue(/\*\*\*\*\*\*\*\*@127\.0\.0\.1:9/);
  await form.getByRole("textbox", { name: "Model", exact: true }).fill("smollm2-q8");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(judge.getByText("smollm2-q8")).toBeVisible();
  await expect(judge).toContainText("********@127.0.0.1:9");
  await screenshot(page, "models-1280-en");
  await expectAccessible(page, "models en");
  await useLanguage(page, "zh");
  await expect(page.getByRole("heading", { name: "模型", level: 2 })).toBeVisible();
  await expect(page.getByRole("region", { name: "JUDGE（评判）" }).getByText("已配置", { exact: true })).toBeVisible();
  await screenshot(page, "models-1280-zh");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "models-390-zh");
  await useLanguage(page, "en");
  await screenshot(page, "models-390-en");

  const viewer = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: "en-US" });
  const viewerPage = await viewer.newPage();
  await viewerPage.goto("/");
  await viewerPage.getByLabel("API key").fill(await createKey(server, "e2e models viewer", "VIEWER"));
  await viewerPage.getByRole("button", { name: "Use this key" }).click();
  await viewerPage.goto("/models");
  await expect(viewerPage.getByText("Read only: an ADMIN key edits model configs.")).toBeVisible();
  await expect(viewerPage.getByRole("region", { name: "JUDGE" }).getByText("smollm2-q8")).toBeVisible();
  await expect(viewerPage.getByRole("button", { name: /Configure|Edit/ })).toHaveCount(0);
  await screenshot(viewerPage, "models-viewer-1280-en");
  // Settings points to the page (UI.md lists models per role under settings).
  await viewerPage.goto("/settings");
  await viewerPage.getByRole("link", { name: /on the Models page/ }).click();
  await expect(viewerPage).toHaveURL(/\/models$/);
  await viewer.close();
});

test("the plan, each session and the report say per role whether the model or the script produced them, and why", async ({ signedIn: page, server }) => {
  const model = await startProseModel();
  try {
    // A PLANNER whose every answer is prose: the built-in driver falls back to its scripted plan.
    await server.gql("mutation($input: ModelConfigInput!) { setModelConfig(role: PLANNER, input: $input) { role } }",
      { input: { provider: "openai", model: "prose-model", baseUrl: model.baseUrl, params: { timeout_s: 10 } } });
    const finished = await startRepairEval(server, await demoTargetId(server), "E2E provenance");
    const evalId = await finished();
    expect(model.calls()).toBeGreaterThan(0);

    await page.goto(`/evals/${evalId}`);
    const planner = page.getByText(/^Planner \(plan\): model prose-model, fell back to the scripted plan: the model gave an invalid answer/);
    await expect(planner).toBeVisible();
    await expect(page.getByText(/^Model error: /).first()).toBeVisible();
    await screenshot(page, "provenance-manage-1280-en");

    await page.goto(`/evals/${evalId}/report`);
    const method = page.getByRole("region", { name: "Method" });
    await expect(method.getByText(/^Planner \(plan\): model prose-model, fell back to the scripted plan: /)).toBeVisible();
    await expect(method.getByText("Simulator (virtual users' turns): the script (no model configured)")).toBeVisible();
    await expect(method.getByText("Analyst (session verdicts): the script (no model configured)")).toBeVisible();
    await expect(method.getByText("Analyst (report): the script (no model configured)")).toBeVisible();
    await screenshot(page, "provenance-report-1280-en");
    await expectAccessible(page, "report method en");

    const { intelligentEval } = await server.gql<{ intelligentEval: { sessions: { edges: { node: { id: string } }[] } } }>(
      "query($id: ID!) { intelligentEval(id: $id) { sessions(first: 5) { edges { node { id } } } } }", { id: evalId });
    await page.goto(`/evals/${evalId}/sessions/${intelligentEval.sessions.edges[0].node.id}`);
    const verdict = page.getByRole("region", { name: "Verdict" });
    await expect(verdict.getByText("Simulator (virtual users' turns): the script (no model configured)")).toBeVisible();
    await expect(verdict.getByText("Analyst (session verdicts): the script (no model configured)")).toBeVisible();
    await screenshot(page, "provenance-session-1280-en");

    await useLanguage(page, "zh");
    await expect(page.getByRole("region", { name: "评判" }).getByText("模拟用户（虚拟用户发言）：脚本（未配置模型）")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "provenance-session-390-zh");
    await page.goto(`/evals/${evalId}/report`);
    const zhMethod = page.getByRole("region", { name: "方法" });
    await expect(zhMethod.getByText(/^规划（计划）：模型 prose-model，已改用脚本计划：/)).toBeVisible();
    await expect(zhMethod).not.toContainText("fell back");
    await screenshot(page, "provenance-report-390-zh");
    await page.goto(`/evals/${evalId}`);
    await expect(page.getByText(/^规划（计划）：模型 prose-model，已改用脚本计划：/)).toBeVisible();
    await screenshot(page, "provenance-manage-390-zh");
    await useLanguage(page, "en");
    await screenshot(page, "provenance-manage-390-en");
  } finally {
    await model.close();
  }
});

test("Check runs one short call per configured role and shows reachable, latency, usage, the structured-output form and validity", async ({ signedIn: page, server }) => {
  const model = await startProseModel();
  try {
    for (const [role, name] of [["JUDGE", "judge-model"], ["PLANNER", "prose-model"]]) {
      await server.gql("mutation($role: ModelRole!, $input: ModelConfigInput!) { setModelConfig(role: $role, input: $input) { role } }",
        { role, input: { provider: "openai", model: name, baseUrl: model.baseUrl, params: { retries: 0, timeout_s: 10 } } });
    }
    await page.goto("/models");
    const checks = page.getByRole("region", { name: "Check the models" });
    const before = model.calls();
    await checks.getByRole("button", { name: "Check" }).click();
    const results = checks.getByRole("table", { name: "Check results" });
    const judge = results.getByRole("row").filter({ hasText: "judge-model" });
    await expect(judge).toContainText("OK");
    await expect(judge).toContainText("json_schema");
    await expect(judge).toContainText('"score": 8');
    await expect(judge.getByRole("cell").nth(2)).toContainText(/Yes · \d+ ms/);
    const planner = results.getByRole("row").filter({ hasText: "prose-model" });
    await expect(planner).toContainText("Not OK");
    await expect(planner).toContainText("invalid_output");
    expect(model.calls()).toBeGreaterThan(before);
    await screenshot(page, "models-check-1280-en");
    await expectAccessible(page, "models check en");
    await useLanguage(page, "zh");
    const zhChecks = page.getByRole("region", { name: "检查模型" });
    await zhChecks.getByRole("button", { name: "检查" }).click();
    await expect(zhChecks.getByRole("table", { name: "检查结果" }).getByRole("row").filter({ hasText: "judge-model" })).toContainText("正常");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "models-check-390-zh");
    await useLanguage(page, "en");
    await page.getByRole("region", { name: "Check the models" }).getByRole("button", { name: "Check" }).click();
    await expect(page.getByRole("table", { name: "Check results" })).toBeVisible();
    await screenshot(page, "models-check-390-en");
  } finally {
    await model.close();
  }
});
