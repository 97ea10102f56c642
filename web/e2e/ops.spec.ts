/**
 * Living with it every day: webhooks tested from the settings page, the cost of a plan read
 * beside Approve, finished evals and runs deleted through a confirmation, and none of it
 * offered to a key that is not ADMIN.
 */
import type { Browser, Page } from "@playwright/test";
import { test as shared, expect, expectAccessible, screenshot } from "./support/fixtures";
import { AgentEvalServer, freePort } from "./support/server";
import { WebhookReceiver } from "./support/webhookReceiver";

const PRICED_MODEL = "e2e-simulator";
const PRICES = JSON.stringify({ [PRICED_MODEL]: { prompt: 2, completion: 8, currency: "USD" } });
const DEMO_EVAL = "Demo: HomeCare customer service";

// A server of its own, started with a price table: deleting the demo eval here must not take it
// from the other specs, and an estimate needs prices (the shared server has none).
const test = shared.extend<{ receiver: WebhookReceiver }, { server: AgentEvalServer }>({
  server: [async ({}, use) => { // eslint-disable-line no-empty-pattern -- Playwright reads the fixture list
    process.env.AGENTEVAL_MODEL_PRICES = PRICES;
    const server = await AgentEvalServer.start();
    await use(server);
    await server.stop();
  }, { scope: "worker", timeout: 90_000 }],
  receiver: async ({}, use) => { // eslint-disable-line no-empty-pattern -- Playwright reads the fixture list
    const receiver = await WebhookReceiver.start();
    await use(receiver);
    await receiver.stop();
  },
});

async function openNav(page: Page, name: string) {
  await page.getByRole("navigation").getByRole("link", { name, exact: true }).click();
}

async function signInWith(browser: Browser, baseURL: string, key: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Use this key" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to AgentEval" })).toBeVisible();
  return page;
}

interface EvalRow { id: string; name: string; status: string }

async function demoEval(server: AgentEvalServer): Promise<EvalRow> {
  const data = await server.gql<{ intelligentEvals: { edges: { node: EvalRow }[] } }>(
    "{ intelligentEvals(first: 50) { edges { node { id name status } } } }");
  const row = data.intelligentEvals.edges.map((e) => e.node).find((e) => e.name === DEMO_EVAL);
  if (!row) throw new Error("the demo eval is missing");
  return row;
}

test("an ADMIN tests a webhook against a local endpoint, then deletes it", async ({ signedIn: page, receiver, server }) => {
  await openNav(page, "Settings");
  const section = page.getByRole("region", { name: "Webhooks" });
  await expect(section.getByText("No webhooks yet")).toBeVisible();

  await section.getByRole("textbox", { name: "Label" }).fill("E2E team chat");
  await section.getByRole("textbox", { name: "URL" }).fill(receiver.url("/hook/secret-token-123"));
  await section.getByRole("checkbox", { name: /eval\.plan_pending/ }).check();
  await section.getByRole("checkbox", { name: /run\.failed/ }).check();
  await section.getByRole("button", { name: "Add webhook" }).click();
  const row = section.getByRole("row", { name: /E2E team chat/ });
  await expect(row).toContainText("Plan waits for approval");
  await expect(row).toContainText("Run failed");
  await expect(row).toContainText("********");
  await expect(row).toContainText("not yet");
  await expect(page.getByText("secret-token-123")).toHaveCount(0); // the URL is never read back

  await section.getByRole("button", { name: "Test webhook E2E team chat" }).click();
  await expect(section.getByRole("status").filter({ hasText: "“E2E team chat” took the test message." })).toBeVisible();
  await expect(row).toContainText("delivered");
  expect(receiver.messages).toHaveLength(1);
  const [message] = receiver.messages;
  expect(message.path).toBe("/hook/secret-token-123");
  const body = message.body as { id: string; event: string; summary: string };
  expect(body.event).toBe("test");
  expect(body.summary).toContain("E2E team chat");
  expect(message.headers["idempotency-key"]).toBe(body.id);

  // One that nobody answers: the UI says it failed and shows the server's reason.
  const closedPort = await freePort();
  await section.getByRole("textbox", { name: "Label" }).fill("E2E nobody home");
  await section.getByRole("textbox", { name: "URL" }).fill(`http://127.0.0.1:${closedPort}/hook`);
  await section.getByRole("combobox", { name: "Format" }).click();
  await page.getByRole("option", { name: "SLACK" }).click();
  await section.getByRole("button", { name: "Add webhook" }).click();
  const dead = section.getByRole("row", { name: /E2E nobody home/ });
  await expect(dead).toContainText("SLACK");
  await expect(dead).toContainText("all events");
  await section.getByRole("button", { name: "Test webhook E2E nobody home" }).click();
  await expect(section.getByRole("status").filter({ hasText: "did not take the test message" })).toBeVisible();
  await expect(dead).toContainText("failed");
  await expect(dead).toContainText(/Last error: .*connection failed/);
  await screenshot(page, "webhooks-en");
  await expectAccessible(page, "webhooks");

  // Delete asks first, naming the webhook; Keep it leaves it there.
  await section.getByRole("button", { name: "Delete webhook E2E team chat" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete the webhook “E2E team chat”?" });
  await expect(dialog).toBeVisible();
  await screenshot(page, "webhook-delete-en");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(row).toBeVisible();
  await section.getByRole("button", { name: "Delete webhook E2E team chat" }).click();
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("row", { name: /E2E nobody home/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /E2E team chat/ })).toHaveCount(0);

  // Deleted elsewhere while the modal is open: the server's answer shows in the modal, code first.
  await page.getByRole("button", { name: "Delete webhook E2E nobody home" }).click();
  const { webhooks } = await server.gql<{ webhooks: { id: string; name: string }[] }>("{ webhooks { id name } }");
  const gone = webhooks.find((hook) => hook.name === "E2E nobody home");
  await server.gql("mutation($id: ID!) { deleteWebhook(id: $id) }", { id: gone?.id });
  const deadDialog = page.getByRole("dialog", { name: "Delete the webhook “E2E nobody home”?" });
  await deadDialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(deadDialog.getByRole("alert")).toContainText("NOT_FOUND");
  await screenshot(page, "webhook-delete-error-en");
  await deadDialog.getByRole("button", { name: "Keep it" }).click();
  await expect(deadDialog).toBeHidden(); // closed, not fading out in the screenshot below

  await page.getByText("中文").first().click();
  await expect(page.getByRole("heading", { name: "Webhook 通知" })).toBeVisible();
  await screenshot(page, "webhooks-zh");
  await page.getByText("English").first().click();
});

test("the plan's cost stands beside Approve; finished evals and runs are deleted only by an ADMIN",
  async ({ signedIn: page, server, browser, baseURL }) => {
    // A priced simulator model: the estimate has a cost in dollars.
    await server.gql(`mutation($input: ModelConfigInput!) { setModelConfig(role: SIMULATOR, input: $input) { role } }`,
      { input: { provider: "openai", baseUrl: "http://127.0.0.1:9/v1", model: PRICED_MODEL } });
    await expect.poll(async () => (await demoEval(server)).status, { timeout: 60_000 }).toBe("PENDING_APPROVAL");
    const evalRow = await demoEval(server);
    const { intelligentEval: { costEstimate } } = await server.gql<{
      intelligentEval: { costEstimate: { modelCalls: number; estimatedCost: number; currency: string } };
    }>("query($id: ID!) { intelligentEval(id: $id) { costEstimate { modelCalls estimatedCost currency } } }", { id: evalRow.id });
    expect(costEstimate.modelCalls).toBeGreaterThan(0);
    expect(costEstimate.currency).toBe("USD");

    await page.goto(`/evals/${evalRow.id}`);
    await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
    const estimate = page.getByRole("region", { name: "Estimated cost before approval" });
    await expect(estimate).toContainText(`${costEstimate.modelCalls} model calls`);
    const dollars = new Intl.NumberFormat("en-US", {
      style: "currency", currency: "USD", minimumFractionDigits: 2,
      maximumFractionDigits: costEstimate.estimatedCost < 1 ? 4 : 2,
    }).format(costEstimate.estimatedCost);
    await expect(estimate).toContainText(`≈ ${dollars}`);
    // Not finished: nothing to delete yet.
    await expect(page.getByRole("button", { name: /^Delete evaluation/ })).toHaveCount(0);
    await screenshot(page, "cost-estimate-en");
    await expectAccessible(page, "manage with estimate");
    await page.getByText("中文").first().click();
    await expect(page.getByRole("region", { name: "批准前的费用预估" })).toContainText(`${costEstimate.modelCalls} 次模型调用`);
    await screenshot(page, "cost-estimate-zh");
    await page.getByText("English").first().click();

    // Cancelled, it is finished: Delete is offered.
    await page.getByRole("button", { name: "Cancel evaluation" }).click();
    await page.getByRole("dialog", { name: `Cancel the evaluation “${DEMO_EVAL}”?` })
      .getByRole("button", { name: "Cancel the evaluation" }).click();
    await expect(page.getByText("Cancelled").first()).toBeVisible();
    await expect(page.getByTestId("eval-usage")).toContainText("model calls");
    const deleteEval = page.getByRole("button", { name: `Delete evaluation ${DEMO_EVAL}` });
    await expect(deleteEval).toBeVisible();
    // The list offers it too; the modal's clicks do not open the row behind it.
    await openNav(page, "Intelligent evaluation");
    await page.getByRole("button", { name: `Delete evaluation ${DEMO_EVAL}` }).click();
    await page.getByRole("dialog", { name: `Delete the evaluation “${DEMO_EVAL}”?` }).getByRole("button", { name: "Keep it" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/evals$/);

    // A finished run of a demo campaign, with its model usage on the row.
    await openNav(page, "Campaigns & runs");
    await page.getByRole("link", { name: /^Demo: / }).first().click();
    await expect(page.getByRole("heading", { name: /^Campaign: Demo: / })).toBeVisible();
    const campaignUrl = page.url();
    await page.getByRole("button", { name: "Start run" }).click();
    const run = page.getByRole("group", { name: /^Run / }).first();
    await expect(run).toContainText("Completed", { timeout: 90_000 });
    await expect(run.getByTestId("run-usage")).toContainText("model calls");
    await expect(run.getByRole("button", { name: /^Delete run / })).toBeVisible();
    await screenshot(page, "campaign-run-usage-en");

    // An OPERATOR key sees the same finished eval and run, and no Delete anywhere.
    const { createApiKey } = await server.gql<{ createApiKey: { secret: string } }>(
      `mutation { createApiKey(name: "e2e operator", role: OPERATOR) { secret } }`);
    const operator = await signInWith(browser, baseURL ?? server.url, createApiKey.secret);
    await operator.goto(`/evals/${evalRow.id}`);
    await expect(operator.getByRole("heading", { name: DEMO_EVAL })).toBeVisible();
    await expect(operator.getByText("Cancelled").first()).toBeVisible();
    await expect(operator.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await operator.goto("/evals");
    await expect(operator.getByRole("link", { name: DEMO_EVAL })).toBeVisible();
    await expect(operator.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await operator.goto(campaignUrl);
    await expect(operator.getByRole("group", { name: /^Run / }).first()).toContainText("Completed");
    await expect(operator.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await screenshot(operator, "campaign-operator-en");
    await operator.goto("/settings");
    await expect(operator.getByText("Only ADMIN keys manage webhooks.")).toBeVisible();
    await expect(operator.getByRole("alert")).toHaveCount(0); // not a FORBIDDEN error
    await screenshot(operator, "settings-operator-en");
    await operator.context().close();

    // The ADMIN deletes the run: the modal names it; after a reload it is gone.
    const runsBefore = await page.getByRole("group", { name: /^Run / }).count();
    const runName = (await run.getAttribute("aria-label"))?.replace(/^Run /, "") ?? "";
    await run.getByRole("button", { name: /^Delete run / }).click();
    const runDialog = page.getByRole("dialog", { name: `Delete the run “${runName}”?` });
    await expect(runDialog).toContainText("campaign stays");
    await screenshot(page, "run-delete-en");
    await runDialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(page.getByRole("group", { name: /^Run / })).toHaveCount(runsBefore - 1);
    await page.reload();
    await expect(page.getByRole("heading", { name: /^Campaign: Demo: / })).toBeVisible();
    await expect(page.getByRole("group", { name: `Run ${runName}` })).toHaveCount(0);

    // And the eval: confirmed in the modal, then back on the list without it.
    await page.goto(`/evals/${evalRow.id}`);
    await deleteEval.click();
    const evalDialog = page.getByRole("dialog", { name: `Delete the evaluation “${DEMO_EVAL}”?` });
    await expect(evalDialog).toContainText("sessions with their transcripts");
    await screenshot(page, "eval-delete-en");
    await evalDialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(page).toHaveURL(/\/evals$/);
    await expect(page.getByRole("heading", { name: "Intelligent evaluations" })).toBeVisible();
    await page.reload();
    await expect(page.getByText(/evaluations$/).last()).toBeVisible();
    await expect(page.getByRole("link", { name: DEMO_EVAL })).toHaveCount(0);
    await page.goto(`/evals/${evalRow.id}`);
    await expect(page.getByText("No such evaluation.")).toBeVisible();
  });
