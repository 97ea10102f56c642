/**
 * Issue 37 item 5: the Monitoring section. Production conversations are sent to POST /api/ingest,
 * a monitor created in the form judges them; its page shows the trend, the hits (filtered) and
 * the alert log; an alert opens its conversation at the hit's turn and becomes a regression case;
 * the monitor is edited; Chinese and a phone width are looked at, and checked for accessibility.
 */
import type { Page } from "@playwright/test";
import { ADMIN_KEY, expect, expectAccessible, screenshot, test } from "./support/fixtures";
import type { AgentEvalServer } from "./support/server";

const SOURCE = "e2e-shop";

type Line = Record<string, unknown>;
const say = (conversationId: string, role: string, content: string, extra: Line = {}): Line =>
  ({ source: SOURCE, conversationId, role, content, metadata: { channel: "app" }, ...extra });

async function ingest(server: AgentEvalServer, lines: Line[]): Promise<void> {
  const response = await fetch(`${server.url}/api/ingest`, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", "x-api-key": ADMIN_KEY },
    body: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** Nothing wider than the screen. */
async function expectFits(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: page wider than the screen`).toBeLessThanOrEqual(0);
}

/** One OpenTelemetry GenAI span per model call, with no conversation id: the server groups them by shared history. */
async function sendTracesWithoutIds(server: AgentEvalServer, service: string): Promise<void> {
  const text = (role: string, content: string) => ({ role, parts: [{ type: "text", content }] });
  const calls = [[[text("user", "hello")], "hi, how can I help?"],
    [[text("user", "hello"), text("assistant", "hi, how can I help?"), text("user", "track order 7")], "It ships today."]] as const;
  const start = BigInt(Date.now()) * 1_000_000n;
  const spans = calls.map(([history, reply], n) => ({
    traceId: "5b8efff798038103d269b633813fc60c", spanId: `${n + 1}`.padStart(16, "0"), name: "chat",
    startTimeUnixNano: String(start + BigInt(n) * 1_000_000_000n), endTimeUnixNano: String(start + BigInt(n) * 1_000_000_000n + 250_000_000n),
    attributes: [
      { key: "gen_ai.input.messages", value: { stringValue: JSON.stringify(history) } },
      { key: "gen_ai.output.messages", value: { stringValue: JSON.stringify([{ ...text("assistant", reply), finish_reason: "stop" }]) } },
    ],
  }));
  const body = { resourceSpans: [{ resource: { attributes: [{ key: "service.name", value: { stringValue: service } }] }, scopeSpans: [{ spans }] }] };
  const response = await fetch(`${server.url}/v1/traces`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": ADMIN_KEY }, body: JSON.stringify(body),
  });
  expect(response.status, await response.text()).toBe(200);
}

async function useLanguage(page: Page, language: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), language);
  await page.reload();
}

test("an OPERATOR creates a monitor, sees production conversations judged, follows an alert to its turn and drafts a regression case", async ({ signedIn: page, server }) => {
  test.setTimeout(300_000);
  // A source that closes a conversation a second after its last turn (the e2e server's other sources keep the defaults).
  await server.gql(`mutation { createMonitoredSource(name: "${SOURCE}", quietPeriodSeconds: 1) { id } }`);

  await page.getByRole("link", { name: "Monitoring", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Monitoring", level: 2 })).toBeVisible();
  await expectFits(page, "monitoring 1280 en");
  await page.getByRole("link", { name: "New monitor" }).click();
  await expect(page.getByRole("heading", { name: "New monitor", level: 2 })).toBeVisible();
  // Saving with nothing filled names the problem at its field and sends nothing.
  await page.getByRole("button", { name: "Save monitor" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Fix these first" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name" }).fill("E2E shop QA");
  await page.getByRole("combobox", { name: "Source" }).click();
  await page.getByRole("option", { name: SOURCE }).click();
  await page.getByRole("button", { name: "Add a field" }).click();
  await page.getByRole("textbox", { name: "Field 1" }).fill("channel");
  await page.getByRole("textbox", { name: "Value(s) 1" }).fill("app");
  await page.getByRole("button", { name: "Add a rule" }).click();
  const rule = page.getByRole("group", { name: "Rule 1" });
  await rule.getByRole("combobox", { name: /Check/ }).click();
  await page.getByRole("option", { name: "keyword_match", exact: true }).click();
  await rule.getByRole("textbox", { name: /keywords/ }).fill('["thank"]');
  // The critical red lines are there from the start.
  await expect(page.getByRole("group", { name: "Red line 1" }).getByRole("combobox", { name: /Check/ })).toHaveValue("personal_data_leak");
  await expect(page.getByRole("group", { name: "Red line 2" }).getByRole("combobox", { name: /Check/ })).toHaveValue("commitment_phrases");
  await screenshot(page, "monitoring-form-1280-en");
  await expectAccessible(page, "monitor form en");
  await page.getByRole("button", { name: "Save monitor" }).click();
  await expect(page.getByRole("heading", { name: "E2E shop QA", level: 2 })).toBeVisible();
  const monitorUrl = page.url();

  // Production traffic: a good conversation, an unauthorised promise, another customer's phone number.
  await ingest(server, [
    say("order-1", "user", "Where is my parcel?", { messageId: "u1" }),
    say("order-1", "assistant", "It ships today. Thank you for waiting!", { messageId: "a1", latencyMs: 820, end: true }),
    say("refund-7", "user", "Can I get my money back?", { messageId: "u1" }),
    say("refund-7", "assistant", "Let me check the order first.", { messageId: "a1" }),
    say("refund-7", "user", "It arrived broken.", { messageId: "u2" }),
    say("refund-7", "assistant", "We guarantee a full refund within 24 hours.", { messageId: "a2", end: true }),
    say("phone-3", "user", "My number is 13800138000, call me please.", { messageId: "u1" }),
    say("phone-3", "assistant", "Sure. By the way, Zhang's number is 13912345678.", { messageId: "a1", end: true }),
  ]);

  // Judged at close and alerted at once; the page follows without a reload.
  const hits = page.getByRole("region", { name: "Hits" });
  await expect(hits.getByRole("cell", { name: "commitment_phrases" })).toBeVisible({ timeout: 60_000 });
  await expect(hits.getByRole("cell", { name: "personal_data_leak" })).toBeVisible({ timeout: 60_000 });
  const current = page.getByRole("region", { name: "Current window" });
  await expect(current.getByText("3", { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  const alerts = page.getByRole("region", { name: "Alert log" });
  await expect(alerts.getByRole("article")).toHaveCount(2);
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await screenshot(page, "monitoring-monitor-1280-en");

  // Filter the hits by rule, then by tag.
  await hits.getByRole("combobox", { name: "Rule" }).click();
  await page.getByRole("option", { name: "commitment_phrases" }).click();
  await expect(hits.getByRole("cell", { name: "personal_data_leak" })).toHaveCount(0);
  await expect(hits.getByRole("cell", { name: "commitment_phrases" }).first()).toBeVisible();
  await expect(page).toHaveURL(/rule=commitment_phrases/);
  await hits.getByRole("combobox", { name: "Tag" }).click();
  await page.getByRole("option", { name: "channel=app" }).click();
  await expect(hits.getByRole("cell", { name: "commitment_phrases" }).first()).toBeVisible();
  await expectAccessible(page, "monitor page en");
  // Conversations closed before a monitor existed are judged when asked: here the three, already judged by it.
  const backfill = page.getByRole("region", { name: "Judge earlier conversations" });
  await backfill.getByRole("button", { name: "Judge them" }).click();
  await expect(backfill.getByRole("status")).toHaveText("3 conversations queued to be judged.");

  // Acknowledge the promise's alert, mute the phone number's.
  const promise = alerts.getByRole("article").filter({ hasText: "commitment_phrases" });
  await promise.getByRole("button", { name: /^Acknowledge alert/ }).click();
  await expect(promise.getByText("Acknowledged")).toBeVisible();
  const phone = alerts.getByRole("article").filter({ hasText: "personal_data_leak" });
  await expect(phone.getByText(/\[PHONE#/)).toBeVisible(); // the quote is masked
  await phone.getByRole("button", { name: /^Mute alert/ }).click();
  await expect(phone.getByText("Muted")).toBeVisible();

  // The alert opens its conversation at the hit's turn.
  await promise.getByRole("link", { name: /Open the conversation · Turn 2/ }).click();
  await expect(page.getByRole("heading", { name: "Conversation refund-7", level: 2 })).toBeVisible();
  const turn2 = page.locator("#turn-2");
  await expect(turn2).toHaveAttribute("data-hit", "true");
  await expect(turn2).toHaveAttribute("aria-current", "true");
  await expect(turn2.getByRole("note", { name: "commitment_phrases at turn 2" })).toBeVisible();
  await expect(page.locator("#turn-1")).toHaveAttribute("data-hit", "false");
  await expect(page.getByRole("region", { name: "Verdicts" }).getByText("E2E shop QA")).toBeVisible();
  await screenshot(page, "monitoring-conversation-1280-en");
  await expectAccessible(page, "conversation en");

  // …and becomes a regression case in one step.
  await turn2.getByRole("button", { name: /Add to a regression scenario: the conversation up to turn 2/ }).click();
  const dialog = page.getByRole("dialog", { name: "Add to a regression scenario" });
  await dialog.getByRole("textbox", { name: "New scenario name" }).fill("E2E production regressions");
  await dialog.getByRole("button", { name: "Draft the case" }).click();
  await expect(page).toHaveURL(/\/scenarios\/new\/edit/);
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("E2E production regressions");
  await expect(page.getByRole("group", { name: "Case conversation-refund-7" })).toBeVisible();

  // Edit the monitor: sample a half, pause it.
  await page.goto(`${monitorUrl}/edit`);
  await expect(page.getByRole("heading", { name: "Edit monitor E2E shop QA", level: 2 })).toBeVisible();
  await expect(page.getByRole("group", { name: "Rule 1" }).getByRole("textbox", { name: /keywords/ })).toHaveValue(/thank/);
  await page.getByRole("textbox", { name: "Sample (%)" }).fill("50");
  await page.getByRole("switch", { name: "Active" }).uncheck({ force: true });
  await page.getByRole("button", { name: "Save monitor" }).click();
  await expect(page.getByRole("heading", { name: "E2E shop QA", level: 2 })).toBeVisible();
  const settings = page.getByRole("region", { name: "Settings" });
  await expect(settings.getByText(/Sampling 50 %/)).toBeVisible();
  await expect(settings.getByText("Paused")).toBeVisible();

  // The list: sparklines for volume and pass rate.
  await page.getByRole("link", { name: "Monitoring", exact: true }).first().click();
  await expect(page.getByRole("img", { name: /Volume over the last 24 windows: .*3$/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Pass rate over the last 24 windows/ })).toBeVisible();
  await screenshot(page, "monitoring-list-1280-en");
  // The header still holds every link, the language switch and Forget key at 1280 px (at 1200 px, where the row
  // starts, English was already too long before this link: Forget key ends past the edge; not fixed here).
  for (const language of ["en", "zh"] as const) {
    await useLanguage(page, language);
    for (const width of [1280]) {
      await page.setViewportSize({ width, height: 900 });
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: language === "en" ? "Monitoring" : "线上质检", exact: true })).toBeVisible();
      const forget = await banner.getByRole("button", { name: language === "en" ? "Forget key" : "清除密钥" }).boundingBox();
      expect(forget && forget.x + forget.width, `Forget key inside the header at ${width} ${language}`).toBeLessThanOrEqual(width);
      await expectFits(page, `monitoring ${width} ${language}`);
      await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
      await screenshot(page, `monitoring-header-${width}-${language}`, { fullPage: false });
    }
  }
  await useLanguage(page, "en");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, "monitoring list en");

  // A conversation rebuilt from traces that carried no conversation id says its grouping was inferred.
  await sendTracesWithoutIds(server, "e2e-otel-bot");
  const found = await server.gql<{ monitoredSources: { id: string; name: string }[] }>("{ monitoredSources { id name } }");
  const otelSource = found.monitoredSources.find((s) => s.name === "e2e-otel-bot");
  expect(otelSource).toBeTruthy();
  const listed = await server.gql<{ monitoredConversations: { id: string; inferred: boolean }[] }>(
    `{ monitoredConversations(sourceId: "${otelSource?.id}") { id inferred } }`);
  expect(listed.monitoredConversations).toHaveLength(1);
  await page.goto(`/monitoring/conversations/${listed.monitoredConversations[0].id}`);
  await expect(page.getByRole("note").filter({ hasText: "Grouping inferred" })).toBeVisible();
  await expect(page.locator("#turn-2").getByText("track order 7")).toBeVisible();
  await screenshot(page, "monitoring-inferred-1280-en");

  // In Chinese, at desktop and phone width.
  await useLanguage(page, "zh");
  for (const width of [1280, 390] as const) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto("/monitoring");
    await expect(page.getByRole("heading", { name: "线上质检", level: 2 })).toBeVisible();
    await expect(page.getByRole("img", { name: /最近 24 个窗口的会话量/ })).toBeVisible();
    await expectFits(page, `monitoring ${width} zh`);
    await screenshot(page, `monitoring-list-${width}-zh`);
    await page.goto(monitorUrl);
    await expect(page.getByRole("region", { name: "命中" }).getByRole("cell", { name: "commitment_phrases" }).first()).toBeVisible();
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    await expectFits(page, `monitor ${width} zh`);
    await screenshot(page, `monitoring-monitor-${width}-zh`);
    await page.getByRole("region", { name: "告警记录" }).getByRole("link", { name: /打开会话/ }).first().click();
    await expect(page.getByRole("heading", { name: /^会话 / })).toBeVisible();
    await expect(page.locator('[data-hit="true"]').first()).toBeVisible();
    await expectFits(page, `conversation ${width} zh`);
    await screenshot(page, `monitoring-conversation-${width}-zh`);
  }
  await expectAccessible(page, "conversation phone zh");
  await page.goto(`${monitorUrl}/edit`);
  await expect(page.getByRole("heading", { name: /编辑监控/ })).toBeVisible();
  await expectFits(page, "monitor form 390 zh");
  await screenshot(page, "monitoring-form-390-zh");
  await expectAccessible(page, "monitor form phone zh");
  await useLanguage(page, "en");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(monitorUrl);
  await expect(page.getByRole("heading", { name: "E2E shop QA", level: 2 })).toBeVisible();
  await expectFits(page, "monitor 390 en");
  await screenshot(page, "monitoring-monitor-390-en");
});
