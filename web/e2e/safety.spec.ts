import { startEvilTarget, EVIL_REPLY } from "./support/evilTarget";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";
import type { AgentEvalServer } from "./support/server";

interface EvalState {
  intelligentEval: {
    status: string;
    sessions: { edges: { node: { id: string; messages: { role: string; content: string }[] } }[] };
  };
}

async function poll<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** An eval against a bot whose replies carry markup; returns the first session with a reply. */
async function sessionWithHostileReply(server: AgentEvalServer, targetUrl: string, followUps: string[] = []): Promise<{ evalId: string; sessionId: string }> {
  const { createTarget } = await server.gql<{ createTarget: { id: string } }>(
    `mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }`,
    { input: { name: `Hostile bot ${Date.now()}`, channelType: "http", channelConfig: { url: targetUrl, reply_path: "reply" } } });
  const { createIntelligentEval } = await server.gql<{ createIntelligentEval: { id: string } }>(
    `mutation($input: CreateIntelligentEvalInput!) { createIntelligentEval(input: $input) { id } }`,
    { input: {
      name: "Hostile replies", targetId: createTarget.id, goal: "See how replies are shown",
      seeds: { goals: [{ goal: "Ask about an order", script: { opening: "Where is my order?", follow_ups: followUps } }] },
      intent: "order_status", roleDescription: "Shop bot", timeWindowHours: 1,
    } });
  const evalId = createIntelligentEval.id;
  const state = `query($id: ID!) { intelligentEval(id: $id) { status sessions { edges { node { id messages { role content } } } } } }`;
  await poll("the plan", async () => {
    const data = await server.gql<EvalState>(state, { id: evalId });
    return data.intelligentEval.status === "PENDING_APPROVAL" ? true : undefined;
  });
  await server.gql(`mutation($id: ID!) { approvePlan(evalId: $id) { status } }`, { id: evalId });
  const sessionId = await poll("a reply", async () => {
    const data = await server.gql<EvalState>(state, { id: evalId });
    const edge = data.intelligentEval.sessions.edges.find((e) => e.node.messages.some((m) => m.role === "ASSISTANT"));
    return edge?.node.id;
  });
  return { evalId, sessionId };
}

test("a target reply with <script> and <img onerror> is shown as text and runs nothing", async ({ signedIn: page, server }) => {
  const target = await startEvilTarget();
  try {
    const { evalId, sessionId } = await sessionWithHostileReply(server, target.url);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss(); });
    await page.goto(`/evals/${evalId}/sessions/${sessionId}`);
    await expect(page.getByText(EVIL_REPLY).first()).toBeVisible();
    await expect(page.locator("main img")).toHaveCount(0);
    await expect(page.locator("main script")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await screenshot(page, "session-hostile-en");
    await expectAccessible(page, "session with hostile reply");

    await page.getByText("中文").first().click();
    await expect(page.getByRole("heading", { name: /^会话详情页/ })).toBeVisible();
    await expect(page.getByText("被测对象").first()).toBeVisible();
    await screenshot(page, "session-hostile-zh");
    await page.getByText("English").first().click();
  } finally {
    await target.close();
  }
});

test("a running session's transcript streams in without a reload", async ({ signedIn: page, server }) => {
  const target = await startEvilTarget(1500);
  try {
    const { evalId, sessionId } = await sessionWithHostileReply(server, target.url, ["And when exactly?", "Can I change the address?"]);
    await page.goto(`/evals/${evalId}/sessions/${sessionId}`);
    await expect(page.getByText("Running").first()).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
    await page.evaluate(() => { (window as unknown as { marker: string }).marker = "same page"; });
    await expect(page.getByRole("list", { name: "Transcript" }).getByText("Turn 3")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Can I change the address?")).toBeVisible();
    await expect(page.getByText("Completed").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Verdict" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
    await screenshot(page, "session-streamed-en");
  } finally {
    await target.close();
  }
});
