/** A real `agenteval serve` on SQLite in a temp folder: demo on, built-in driver, fast clock. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ADMIN_KEY = "ae_e2e_admin_key_0123456789";

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export class AgentEvalServer {
  private process: ChildProcess | null = null;
  readonly folder = mkdtempSync(join(tmpdir(), "agenteval-e2e-"));

  private constructor(readonly port: number) {}

  static async start(): Promise<AgentEvalServer> {
    const server = new AgentEvalServer(await freePort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    const bin = process.env.AGENTEVAL_BIN ?? resolve(import.meta.dirname, "../../../.venv/bin/agenteval");
    const log = openSync(join(this.folder, "server.log"), "a");
    this.process = spawn(bin, ["serve"], {
      env: {
        ...process.env,
        AGENTEVAL_DATABASE_URL: `sqlite://${join(this.folder, "e2e.db")}`,
        AGENTEVAL_HOST: "127.0.0.1",
        AGENTEVAL_PORT: String(this.port),
        AGENTEVAL_ADMIN_KEY: ADMIN_KEY,
        AGENTEVAL_DEMO: "true",
        AGENTEVAL_DRIVER: "builtin",
        AGENTEVAL_TIME_SCALE: process.env.E2E_TIME_SCALE ?? "0.002",
        AGENTEVAL_REDIS_URL: "",
      },
      stdio: ["ignore", log, log],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.process.exitCode !== null) throw new Error(`agenteval serve exited; see ${this.folder}/server.log`);
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("agenteval serve did not answer /healthz within 60 s");
  }

  /**
   * Before each test: if the server went away without `stop()` (something else on this
   * shared machine signalled it), say so and start it again on the same database.
   */
  async ensureRunning(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null && child.signalCode === null) return;
    console.warn(`agenteval serve had stopped (exit ${child?.exitCode}, signal ${child?.signalCode}); restarting`);
    await this.restart();
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
    this.process = null;
  }

  /** A GraphQL call with the admin key; throws on errors. */
  async gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${this.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": ADMIN_KEY },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
    return body.data as T;
  }
}
