/** Issue 41 point 4: exports as CSV and JSON, a readable event timeline. */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, screenshot, test } from "./support/fixtures";
import { demoTargetId, startBookingRun, startRepairEval } from "./support/finishedWork";

async function saved(page: Page, button: string): Promise<{ text: string; name: string }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: button }).click();
  const download = await downloading;
  return { text: readFileSync(await download.path(), "utf8"), name: download.suggestedFilename() };
}

async function language(page: Page, lang: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), lang);
}

test("a run's outcomes export as CSV (UTF-8 with a BOM) and JSON with the API's fields", async ({ signedIn: page, server }) => {
  const targetId = await demoTargetId(server);
  const run = await startBookingRun(server, targetId, "E2E export run");
  const runId = await run.finished();
  const { run: stored } = await server.gql<{ run: { outcomes: { totalCount: number; edges: { node: { caseKey: string; passed: boolean } }[] } } }>(
    "query($id: ID!) { run(id: $id) { outcomes(first: 500) { totalCount edges { node { caseKey passed } } } } }", { id: runId });
  await page.goto(`/runs/${runId}`);

  const csv = await saved(page, "Export the case outcomes as CSV");
  expect(csv.name).toBe(`run-${runId}-outcomes.csv`);
  expect(csv.text.charCodeAt(0)).toBe(0xfeff);
  const header = csv.text.slice(1).split("\r\n")[0].split(",");
  expect(header.slice(0, 4)).toEqual(["caseKey", "attempt", "passed", "successLevel"]);
  expect(header).toContain("turns");
  for (const { node } of stored.outcomes.edges) expect(csv.text).toContain(`\r\n${node.caseKey},`);

  const json = await saved(page, "Export the case outcomes as JSON");
  const rows = JSON.parse(json.text) as { caseKey: string; passed: boolean; turns: unknown[] }[];
  expect(rows).toHaveLength(stored.outcomes.totalCount);
  expect(new Set(rows.map((r) => `${r.caseKey}:${r.passed}`))).toEqual(new Set(stored.outcomes.edges.map((e) => `${e.node.caseKey}:${e.node.passed}`)));
  expect(rows[0].turns.length).toBeGreaterThan(0);
  await screenshot(page, "run-export-1280-en", { fullPage: false });
  await language(page, "zh");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("button", { name: "将用例结果导出为 CSV" })).toBeVisible();
  await screenshot(page, "run-export-390-zh", { fullPage: false });
  await language(page, "en");
});

test("the event timeline says what happened, who and when, with no ids or JSON, and the findings export", async ({ signedIn: page, server }) => {
  const targetId = await demoTargetId(server);
  const finished = await startRepairEval(server, targetId, "E2E readable timeline");
  const evalId = await finished();
  await page.goto(`/evals/${evalId}`);
  const timeline = page.getByRole("list", { name: "Event timeline" });
  await expect(timeline).toContainText("Session 1 started");
  await expect(timeline).toContainText(/Plan revision 1 approved · by /);
  await expect(timeline).toContainText("Evaluation completed");
  const text = (await timeline.textContent()) ?? "";
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/); // no UUIDs
  expect(text).not.toMatch(/[{}"]\w+":/); // no JSON
  expect(text).not.toMatch(/\d\d:\d\d:\d\d\.\d{3,}/); // no microseconds
  await timeline.scrollIntoViewIfNeeded();
  await screenshot(page, "timeline-1280-en");

  await page.goto(`/evals/${evalId}/report`);
  const json = await saved(page, "Export the findings as JSON");
  const { intelligentEval } = await server.gql<{ intelligentEval: { report: { findings: { issue: string; severity: string }[] } } }>(
    "query($id: ID!) { intelligentEval(id: $id) { report { findings { issue severity } } } }", { id: evalId });
  const findings = JSON.parse(json.text) as { issue: string; severity: string; evidence: unknown[] }[];
  expect(findings.map((f) => [f.issue, f.severity])).toEqual(intelligentEval.report.findings.map((f) => [f.issue, f.severity]));
  const csv = await saved(page, "Export the findings as CSV");
  expect(csv.text.charCodeAt(0)).toBe(0xfeff);
  expect(csv.text.split("\r\n")[0]).toContain("severity");

  await language(page, "zh");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/evals/${evalId}`);
  const zhTimeline = page.getByRole("list", { name: "事件时间线" });
  await expect(zhTimeline).toContainText("会话 1 开始");
  await expect(zhTimeline).toContainText("评估完成");
  await screenshot(page, "timeline-390-zh");
  // The sessions table fits the phone: labelled lines, no sideways scrolling of the page or the table.
  const sessions = page.getByRole("region", { name: "会话列表" });
  await expect(sessions).toContainText("用户画像");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await sessions.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
  await sessions.screenshot({ path: "e2e-screens/sessions-table-390-zh.png" });
  await page.goto(`/evals/${evalId}/report`);
  await expect(page.getByRole("heading", { name: /^评估报告：/ })).toBeVisible();
  await screenshot(page, "report-export-390-zh", { fullPage: false });
  await language(page, "en");
});
