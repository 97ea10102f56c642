/** Finished work to review, made through the GraphQL API (not the UI): a completed run and a completed eval. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { AgentEvalServer } from "./server";

const BOOKING = resolve(import.meta.dirname, "../../../examples/scenarios/booking.json");
const FINISHED = new Set(["COMPLETED", "CANCELLED", "FAILED"]);

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function demoTargetId(server: AgentEvalServer): Promise<string> {
  const data = await server.gql<{ targets: { edges: { node: { id: string; name: string } }[] } }>(
    "{ targets(first: 50) { edges { node { id name } } } }");
  const target = data.targets.edges.find((e) => e.node.name === "Mia (demo bot)");
  if (!target) throw new Error("the demo target is missing");
  return target.node.id;
}

/** Imports the booking scenario and starts a run of it against the target; `finished` waits for its end. */
export async function startBookingRun(server: AgentEvalServer, targetId: string, name: string, concurrency = 8
): Promise<{ runId: string; finished(): Promise<string> }> {
  const { importScenario } = await server.gql<{ importScenario: { id: string } }>(
    "mutation($document: String!) { importScenario(document: $document) { id } }", { document: readFileSync(BOOKING, "utf8") });
  const { createCampaign } = await server.gql<{ createCampaign: { id: string } }>(
    "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name, scenarioId: importScenario.id, targetIds: [targetId], concurrency } });
  const { startRun } = await server.gql<{ startRun: { id: string }[] }>(
    "mutation($id: ID!) { startRun(campaignId: $id) { id } }", { id: createCampaign.id });
  const runId = startRun[0].id;
  const finished = async () => {
    const status = await until("run", async () => (await server.gql<{ run: { status: string } }>(
      "query($id: ID!) { run(id: $id) { status } }", { id: runId })).run.status, (s) => FINISHED.has(s), 90_000);
    if (status !== "COMPLETED") throw new Error(`the run ended ${status}`);
    return runId;
  };
  return { runId, finished };
}

/** One virtual user booking an air-conditioner repair: one session, approved as planned.
 * The English goal makes an English eval; a Chinese `goal` makes the driver write in Chinese. */
export async function startRepairEval(server: AgentEvalServer, targetId: string, name: string,
  goal = "Check repair bookings."): Promise<() => Promise<string>> {
  const seeds = {
    personas: [{ name: "老王", background: "retired teacher, 66", personality: "impatient, direct", patience: "low" }],
    goals: [{
      goal: "预约空调上门维修，并约定一个方便的上门时间", dimension: "维修预约",
      script: { opening: "我家空调坏了，想约明天下午三点上门维修", follow_ups: ["我叫王建国", "电话 13800138000", "地址是北京市海淀区学院路 8 号"], success_signals: ["预约成功"] },
    }],
  };
  const { createIntelligentEval } = await server.gql<{ createIntelligentEval: { id: string } }>(
    "mutation($input: CreateIntelligentEvalInput!) { createIntelligentEval(input: $input) { id } }",
    { input: { name, targetId, goal, seeds, intent: "Find booking flaws.",
      roleDescription: "Customer service bot of an appliance shop", timeWindowHours: 1 } });
  const evalId = createIntelligentEval.id;
  const status = (id: string) => server.gql<{ intelligentEval: { status: string } }>(
    "query($id: ID!) { intelligentEval(id: $id) { status } }", { id }).then((d) => d.intelligentEval.status);
  await until("plan", () => status(evalId), (s) => s === "PENDING_APPROVAL" || FINISHED.has(s), 60_000);
  await server.gql("mutation($id: ID!) { approvePlan(evalId: $id) { id } }", { id: evalId });
  return async () => {
    const ended = await until("eval", () => status(evalId), (s) => FINISHED.has(s), 120_000);
    if (ended !== "COMPLETED") throw new Error(`the eval ended ${ended}`);
    return evalId;
  };
}

/** A key of another role, through the API as an ADMIN would make it. */
export async function createKey(server: AgentEvalServer, name: string, role: "VIEWER" | "OPERATOR"): Promise<string> {
  const { createApiKey } = await server.gql<{ createApiKey: { secret: string } }>(
    "mutation($name: String!, $role: KeyRole!) { createApiKey(name: $name, role: $role) { secret } }", { name, role });
  return createApiKey.secret;
}
