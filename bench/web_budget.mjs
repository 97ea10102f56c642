// Web UI budgets, measured in headless Chromium against a real `agenteval serve`:
//   1. all JS the first page (the eval list) loads, gzipped: budget 400 KB; GraphiQL must not load;
//   2. the list with 200 evals: navigation start → last row visible, budget 1 s (median of 5).
// Usage (after `make web`): node bench/web_budget.mjs   (prints the figures; exit 1 over budget)
import { spawn } from "node:child_process";
import { mkdtempSync, openSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { chromium } = createRequire(join(root, "web", "package.json"))("playwright-core");
const KEY = "ae_bench_admin_key_0123456789";
const JS_BUDGET_KB = 400;
const LIST_BUDGET_MS = 1000;

const port = await new Promise((done) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => done(free));
  });
});
const folder = mkdtempSync(join(tmpdir(), "agenteval-bench-"));
const log = openSync(join(folder, "server.log"), "a");
const server = spawn(process.env.AGENTEVAL_BIN ?? join(root, ".venv", "bin", "agenteval"), ["serve"], {
  env: {
    ...process.env, AGENTEVAL_DATABASE_URL: `sqlite://${join(folder, "bench.db")}`, AGENTEVAL_PORT: String(port),
    AGENTEVAL_HOST: "127.0.0.1", AGENTEVAL_ADMIN_KEY: KEY, AGENTEVAL_DRIVER: "none", AGENTEVAL_DEMO: "true",
  },
  stdio: ["ignore", log, log],
});
const base = `http://127.0.0.1:${port}`;

async function gql(query, variables = {}) {
  const response = await fetch(`${base}/graphql`, {
    method: "POST", headers: { "content-type": "application/json", "x-api-key": KEY },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

let browser;
try {
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${base}/healthz`)).ok) break; } catch { /* starting */ }
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  const { targets } = await gql("{ targets(first: 1) { edges { node { id } } } }");
  const targetId = targets.edges[0].node.id;
  const { intelligentEvals } = await gql("{ intelligentEvals(first: 1) { totalCount } }");
  for (let i = intelligentEvals.totalCount; i < 200; i++) {
    await gql(`mutation($input: CreateIntelligentEvalInput!) { createIntelligentEval(input: $input) { id } }`, {
      input: { name: `Bench eval ${String(i).padStart(3, "0")}`, targetId, goal: "Budget check",
        seeds: { goals: [{ goal: "Ask something" }] }, intent: "bench", roleDescription: "bot" },
    });
  }

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });

  // 1. First page JS.
  const context = await browser.newContext();
  await context.addInitScript((key) => window.localStorage.setItem("agenteval.apiKey", key), KEY);
  const page = await context.newPage();
  const scripts = new Map();
  page.on("response", async (response) => {
    const url = response.url();
    if (url.endsWith(".js")) scripts.set(url, gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(`${base}/evals`, { waitUntil: "networkidle" });
  await page.getByRole("table").waitFor();
  const jsKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
  const graphiqlLoaded = [...scripts.keys()].some((url) => /graphiql|monaco/i.test(url));
  await context.close();

  // 2. 200 rows, fresh page each time (cold context: no HTTP cache).
  const timings = [];
  const complete = [];
  for (let run = 0; run < 5; run++) {
    const fresh = await browser.newContext();
    await fresh.addInitScript((key) => window.localStorage.setItem("agenteval.apiKey", key), KEY);
    const listPage = await fresh.newPage();
    await listPage.goto(`${base}/evals?size=200`);
    await listPage.locator("tbody tr").nth(199).waitFor({ state: "visible", timeout: 30_000 });
    timings.push(await listPage.evaluate(() => performance.now()));
    // Target and progress come from a second, slower query (a lookup per row on the server).
    await listPage.locator("tbody tr").nth(199).locator("td").nth(1).filter({ hasNotText: "…" }).waitFor({ timeout: 30_000 });
    complete.push(await listPage.evaluate(() => performance.now()));
    if (process.env.BENCH_VERBOSE) {
      console.log(await listPage.evaluate(() => performance.getEntriesByType("resource").map((e) =>
        `${e.name.slice(-60)} start ${e.startTime.toFixed(0)} end ${e.responseEnd.toFixed(0)}`).join("\n")));
    }
    await fresh.close();
  }
  timings.sort((a, b) => a - b);
  complete.sort((a, b) => a - b);
  const median = timings[2];

  console.log(`first page JS (gzipped): ${jsKb.toFixed(1)} KB in ${scripts.size} files (budget ${JS_BUDGET_KB} KB); GraphiQL loaded: ${graphiqlLoaded}`);
  console.log(`list of 200 evals, navigation start → last row visible: median ${median.toFixed(0)} ms (runs: ${timings.map((t) => t.toFixed(0)).join(", ")}; budget ${LIST_BUDGET_MS} ms)`);
  console.log(`  … with every row's target and progress filled in: median ${complete[2].toFixed(0)} ms (runs: ${complete.map((t) => t.toFixed(0)).join(", ")})`);
  if (jsKb > JS_BUDGET_KB || graphiqlLoaded || median > LIST_BUDGET_MS) process.exitCode = 1;
} finally {
  await browser?.close();
  server.kill("SIGTERM");
}
