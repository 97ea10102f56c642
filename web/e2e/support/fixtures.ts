/** One server for the whole suite (worker scope); screenshots and accessibility checks per page. */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { AgentEvalServer, ADMIN_KEY } from "./server";

export { ADMIN_KEY, expect };

const SCREENS = resolve(import.meta.dirname, "../../e2e-screens");
mkdirSync(SCREENS, { recursive: true });

export const test = base.extend<{ signedIn: Page }, { server: AgentEvalServer }>({
  server: [async ({}, use) => { // eslint-disable-line no-empty-pattern -- Playwright reads the fixture list
    const server = await AgentEvalServer.start();
    await use(server);
    await server.stop();
  }, { scope: "worker", timeout: 90_000 }],
  baseURL: async ({ server }, use) => {
    await server.ensureRunning();
    await use(server.url);
  },
  locale: "en-US",
  // Anything the Content-Security-Policy refused would be a bug (an inline script, a CDN).
  page: async ({ page }, use) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await use(page);
    expect(refused).toEqual([]);
  },
  signedIn: async ({ page }, use) => {
    await page.goto("/");
    await page.getByLabel("API key").fill(ADMIN_KEY);
    await page.getByRole("button", { name: "Use this key" }).click();
    // The home page first; the intelligent-evaluation list is one click away.
    await expect(page.getByRole("heading", { name: "Welcome to AgentEval" })).toBeVisible();
    await page.getByRole("link", { name: "Intelligent evaluation", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Intelligent evaluations" })).toBeVisible();
    await use(page);
  },
});

/**
 * The suite's fixtures with a server of the spec's own, for specs that set what no mutation
 * removes (a model config): the rest of the suite — the editor's and the regression draft's
 * "no JUDGE model" notes — still sees none set. Each spec names itself with
 * `testWithOwnServer.use({ ownServerFor: "<spec>" })`: a worker option set per file gives that
 * file a worker, so a server, of its own (the specs do not see each other's configs either).
 */
export const testWithOwnServer = test.extend<object, { ownServerFor: string; server: AgentEvalServer }>({
  ownServerFor: ["", { scope: "worker", option: true }],
  server: [async ({ ownServerFor }, use) => {
    void ownServerFor; // asked for so the server is plainly the file's: its value sets the worker apart
    const server = await AgentEvalServer.start();
    await use(server);
    await server.stop();
  }, { scope: "worker", timeout: 90_000 }],
});

/** The whole page, or only the viewport (`fullPage: false`) for a virtualised list thousands of rows tall. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage });
}

/** axe-core on the page as it is: no serious or critical violations. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
