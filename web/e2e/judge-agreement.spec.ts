/**
 * Issue 39 item 6: the judge-agreement page. Through the API: a local judge that is wrong on
 * pattern P (a voucher request) unless its prompt shows an example of P judges a run; a
 * reviewer corrects it; "align" adopts a revision in the background; a second run is judged
 * with it and reviewed. The page then shows κ per rule, judge model and revision, marks the
 * revision change on the timeline, works with the keyboard, in Chinese and at phone width.
 */
import { createServer, type Server } from "node:http";
import { expect, expectAccessible, screenshot, testWithOwnServer as test } from "./support/fixtures";
import type { AgentEvalServer } from "./support/server";
import { demoTargetId } from "./support/finishedWork";

// It sets model configs, which no mutation removes: a server of its own.
test.use({ ownServerFor: "judge-agreement" });

const MODEL = "agree-judge";
const P = "VOUCHER";

/** A judge scoring 9 unless the user asks for a voucher (then 9 too, wrongly, unless an example shows it: 1) or says [bad] (2). */
async function startPatternJudge(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { messages: { content: string }[] };
      const prompt = body.messages[body.messages.length - 1].content;
      const [head, dialog = ""] = prompt.split("\nDialog:\n");
      const score = dialog.includes(P) ? (head.includes(P) ? 1 : 9) : dialog.includes("[bad]") ? 2 : 9;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({
        id: "chatcmpl-agree", object: "chat.completion", created: 0, model: MODEL,
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: JSON.stringify({ score, rationale: "pattern judge" }) } }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, close: () => new Promise((r) => server.close(() => r())) };
}

type Kind = "p" | "good" | "bad";
const MESSAGE: Record<Kind, (i: number) => string> = {
  p: (i) => `Can you give me a ${P} for booking ${i}?`,
  good: (i) => `I would like to book a table for ${i % 6 + 2} tonight.`,
  bad: (i) => `[bad] booking ${i} please`,
};
const LEVEL: Record<Kind, string> = { p: "FAILURE", good: "SUCCESS", bad: "FAILURE" };

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Runs one llm_score case per (kind, index) against the demo bot and reviews each as a reviewer would. */
async function judgedAndReviewed(server: AgentEvalServer, targetId: string, name: string, counts: Record<Kind, number>) {
  const cases = (Object.keys(counts) as Kind[]).flatMap((kind) => Array.from({ length: counts[kind] }, (_, i) => ({
    id: `${kind}-${i}`, messages: [MESSAGE[kind](i)],
    eval_rules: [{ type: "llm_score", params: { criteria: "The agent helps with the booking and refuses what it may not offer." } }],
  })));
  const { importScenario } = await server.gql<{ importScenario: { id: string } }>(
    "mutation($document: String!) { importScenario(document: $document) { id } }", { document: JSON.stringify({ name, cases }) });
  const { createCampaign } = await server.gql<{ createCampaign: { id: string } }>(
    "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name, scenarioId: importScenario.id, targetIds: [targetId], concurrency: 8 } });
  const { startRun } = await server.gql<{ startRun: { id: string }[] }>(
    "mutation($id: ID!) { startRun(campaignId: $id) { id } }", { id: createCampaign.id });
  const runId = startRun[0].id;
  const status = await until(async () => (await server.gql<{ run: { status: string } }>(
    "query($id: ID!) { run(id: $id) { status } }", { id: runId })).run.status, (s) => ["COMPLETED", "FAILED", "CANCELLED"].includes(s), "run");
  expect(status).toBe("COMPLETED");
  for (const c of cases) {
    await server.gql("mutation($run: ID!, $key: String!, $level: SuccessLevel!) { reviewCaseOutcome(runId: $run, caseKey: $key, successLevel: $level) { caseKey } }",
      { run: runId, key: c.id, level: LEVEL[c.id.split("-")[0] as Kind] });
  }
}

test("the judge-agreement page shows κ per rule, judge model and revision over time, and marks the revision change",
  async ({ signedIn: page, server }) => {
    test.setTimeout(400_000);
    const judge = await startPatternJudge();
    try {
      await server.gql("mutation($input: ModelConfigInput!) { setModelConfig(role: JUDGE, input: $input) { role } }",
        { input: { provider: "openai", baseUrl: judge.baseUrl, model: MODEL } });
      const targetId = await demoTargetId(server);
      await judgedAndReviewed(server, targetId, "E2E agreement before", { p: 40, good: 40, bad: 40 });

      const { alignJudge } = await server.gql<{ alignJudge: { id: string; decision: string } }>(
        "mutation { alignJudge(ruleType: \"llm_score\", language: \"en\") { id decision } }");
      expect(alignJudge.decision).toBe("RUNNING"); // answered at once; the judge works in the background
      const aligned = await until(async () => (await server.gql<{ alignment: { decision: string; reason: string } }>(
        "query($id: ID!) { alignment(id: $id) { decision reason } }", { id: alignJudge.id })).alignment,
      (a) => a.decision !== "RUNNING", "alignment");
      expect(aligned.decision, aligned.reason).toBe("ADOPTED");
      await judgedAndReviewed(server, targetId, "E2E agreement after", { p: 10, good: 10, bad: 10 });
    } finally {
      await judge.close();
    }

    // From the review queues page's link, with the keyboard only.
    await page.goto("/review");
    const link = page.getByRole("link", { name: "Judge agreement" });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Judge agreement over time" })).toBeVisible();
    await page.getByRole("combobox", { name: "Judge model" }).click();
    await page.getByRole("option", { name: MODEL }).click();
    await page.getByText("Day", { exact: true }).click();
    const section = page.getByRole("region", { name: `llm_score · ${MODEL}` });
    await expect(section).toBeVisible();
    const rows = section.getByRole("row");
    await expect(rows).toHaveCount(3); // header + the rule's own examples + revision r1, today
    const today = new Date().toISOString().slice(0, 10); // the server runs on this machine's clock (UTC buckets)
    await expect(rows.nth(1)).toContainText(today); // the day's figures, not the week's still on screen
    await expect(rows.nth(1)).toContainText("own examples");
    await expect(rows.nth(1)).toContainText("80 of 120 (66.7%)");
    await expect(rows.nth(1)).toContainText("0.40 [");
    await expect(rows.nth(2)).toContainText("r1 (en)");
    await expect(rows.nth(2)).toContainText("new revision");
    await expect(rows.nth(2)).toContainText("30 of 30 (100.0%)");
    await expect(section.getByTestId("revision-change")).toHaveCount(1);
    await expect(section.getByTestId("kappa-trend")).toHaveAttribute("aria-label", /r1 \(en\): κ 1\.00/);
    await screenshot(page, "judge-agreement-en");
    await expectAccessible(page, "judge agreement");

    // The bucket switch answers the keyboard: arrows move between Day and Week.
    await page.getByRole("radio", { name: "Day" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "Week" })).toBeChecked();

    await page.getByText("中文").first().click();
    await expect(page.getByRole("heading", { name: "评审一致性趋势" })).toBeVisible();
    await expect(page.getByText("新修订版本").first()).toBeVisible();
    await screenshot(page, "judge-agreement-zh");
    await page.getByText("English").first().click();

    // A phone: nothing wider than the screen, and the table fits its card (rows stacked as labelled lines, nothing to swipe).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("heading", { name: "Judge agreement over time" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const tableOverflow = await section.evaluate((card) => {
      const table = card.querySelector("table");
      return table ? Math.ceil(table.getBoundingClientRect().right - card.getBoundingClientRect().right) : Infinity;
    });
    expect(tableOverflow).toBeLessThanOrEqual(0);
    await screenshot(page, "judge-agreement-phone");
    await page.setViewportSize({ width: 1280, height: 900 }); // the language switch is in the header
    await page.getByText("中文").first().click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("heading", { name: "评审一致性趋势" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "judge-agreement-zh-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText("English").first().click();
  });
