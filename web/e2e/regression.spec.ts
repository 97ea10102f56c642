import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";
import { demoTargetId } from "./support/finishedWork";
import type { AgentEvalServer } from "./support/server";

const DEMO_SEEDS = resolve(import.meta.dirname, "../../agenteval/demo_data/seeds/demo_seeds.json");
const LOST_CONTEXT = "Lost context after a valid answer";
const FINISHED = new Set(["COMPLETED", "CANCELLED", "FAILED"]);

const evalStatus = (server: AgentEvalServer, id: string) => server.gql<{ intelligentEval: { status: string } }>(
  "query($id: ID!) { intelligentEval(id: $id) { status } }", { id }).then((d) => d.intelligentEval.status);
const runStatus = (server: AgentEvalServer, id: string) => server.gql<{ run: { status: string } }>(
  "query($id: ID!) { run(id: $id) { status } }", { id }).then((d) => d.run.status);

async function until(read: () => Promise<string>, done: (s: string) => boolean, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The demo's seeds (Mia's five flaws) as an eval of one hour, run to its report by the built-in driver. */
async function demoReport(server: AgentEvalServer, targetId: string): Promise<string> {
  const { createIntelligentEval } = await server.gql<{ createIntelligentEval: { id: string } }>(
    "mutation($input: CreateIntelligentEvalInput!) { createIntelligentEval(input: $input) { id } }",
    { input: { name: "E2E regression eval", targetId, goal: "Find Mia's flaws.", seeds: JSON.parse(readFileSync(DEMO_SEEDS, "utf8")),
      intent: "Flaws with evidence.", roleDescription: "Customer service bot of an appliance shop", timeWindowHours: 1 } });
  const id = createIntelligentEval.id;
  await until(() => evalStatus(server, id), (s) => s === "PENDING_APPROVAL" || FINISHED.has(s), 60_000);
  await server.gql("mutation($id: ID!) { approvePlan(evalId: $id) { id } }", { id });
  expect(await until(() => evalStatus(server, id), (s) => FINISHED.has(s), 150_000)).toBe("COMPLETED");
  return id;
}

/** Screenshots in English and Chinese at 1280 and 390 px (the language is switched at 1280, where the menu shows). */
async function bothLanguages(page: Page, name: string, zhCheck: () => Promise<void>) {
  for (const language of ["en", "zh"] as const) {
    if (language === "zh") await page.getByText("中文").first().click();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (language === "zh") await zhCheck();
      await screenshot(page, `${name}-${language}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.getByText("English").first().click();
}

test("a finding becomes a regression case: drafted from the report, saved, and its run says it is still failing", async ({ signedIn: page, server }) => {
  test.setTimeout(300_000);
  const targetId = await demoTargetId(server);
  const evalId = await demoReport(server, targetId);

  await page.goto(`/evals/${evalId}/report`);
  const finding = page.getByRole("article").filter({ hasText: LOST_CONTEXT });
  await expect(finding).toBeVisible();
  const number = ((await finding.getByText(/^#\d+$/).textContent()) ?? "").trim();
  await finding.getByRole("button", { name: `Add to a regression scenario: ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: "Add to a regression scenario" });
  await expect(dialog.getByRole("button", { name: "Draft the case" })).toBeDisabled();
  await dialog.getByRole("textbox", { name: "New scenario name" }).fill("E2E regressions");
  await screenshot(page, "regression-dialog-en");
  await expectAccessible(page, "regression dialog");
  await dialog.getByRole("button", { name: "Draft the case" }).click();

  // The editor opens on the draft: the origin line, the notes, the user turns up to the evidence.
  await expect(page).toHaveURL(/\/scenarios\/new\/edit$/);
  const origin = `From finding ${number} of eval E2E regression eval`;
  await expect(page.getByRole("note", { name: origin })).toBeVisible();
  await expect(page.getByText("Before you save")).toBeVisible();
  await expect(page.getByText("No JUDGE model is configured", { exact: false })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message 3" })).toHaveValue(/DD20260801123|ORD-55821/);
  await screenshot(page, "regression-draft-en");
  await page.getByRole("button", { name: "Save" }).click();

  // Saved with createScenario: the editor reloads the stored scenario, the origin kept.
  await expect(page).toHaveURL(/\/scenarios\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole("note", { name: origin })).toBeVisible();
  await expect(page.getByText("Before you save")).toHaveCount(0);
  await bothLanguages(page, "regression-saved", async () => {
    await expect(page.getByRole("note", { name: `来自评估 E2E regression eval 的发现 ${number}` })).toBeVisible();
  });
  const scenarioId = /\/scenarios\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? "";
  await page.goto(`/scenarios/${scenarioId}`); // the read-only case view shows it too
  await expect(page.getByRole("note", { name: origin })).toBeVisible();

  // Run it against Mia: the case still fails, and the run page links back to the finding's eval.
  const { createCampaign } = await server.gql<{ createCampaign: { id: string } }>(
    "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name: "E2E regression run", scenarioId, targetIds: [targetId] } });
  const { startRun } = await server.gql<{ startRun: { id: string }[] }>(
    "mutation($id: ID!) { startRun(campaignId: $id) { id } }", { id: createCampaign.id });
  const runId = startRun[0].id;
  expect(await until(() => runStatus(server, runId), (s) => FINISHED.has(s), 60_000)).toBe("COMPLETED");
  await page.goto(`/runs/${runId}`);
  const line = page.getByRole("note", { name: origin });
  await expect(line).toContainText("still failing");
  await expect(line.getByRole("link")).toHaveAttribute("href", `/evals/${evalId}/report`);
  await expectAccessible(page, "run page with a regression case");
  await bothLanguages(page, "regression-run", async () => {
    await expect(page.getByRole("note", { name: `来自评估 E2E regression eval 的发现 ${number}` })).toContainText("仍未通过");
  });
});
