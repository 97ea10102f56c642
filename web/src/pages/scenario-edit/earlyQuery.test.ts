import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { Client, cacheExchange, fetchExchange } from "@urql/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { joiningEarlyQuery, type EarlyQueryHolder } from "../../graphql/earlyQuery";
import { EditQuery } from "./editQuery";

const script = readFileSync(new URL("../../../public/early-query.js", import.meta.url), "utf8");
const answer = { data: { ruleTypes: [], modelConfigs: [], scenario: null } };
const json = () => new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });

/** public/early-query.js run as the browser would at `path`; what it sent and preloaded, and where it left it. */
function runEarlyScript(path: string, key: string | null, chunks: string[] = []) {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const preloaded: { rel: string; href: string }[] = [];
  const document = {
    createElement: () => ({ rel: "", href: "", crossOrigin: null }),
    head: { appendChild: (link: { rel: string; href: string }) => preloaded.push({ rel: link.rel, href: link.href }) },
  };
  const window: EarlyQueryHolder & Record<string, unknown> = {
    location: { pathname: path },
    localStorage: { getItem: (name: string) => (name === "agenteval.apiKey" ? key : null) },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      sent.push({ url, headers: init.headers });
      return Promise.resolve(json());
    },
  };
  // As the build writes the editor's chunks in (vite.config.ts, earlyEditorChunks).
  const built = script.replace("var EDITOR_CHUNKS = [];", `var EDITOR_CHUNKS = ${JSON.stringify(chunks)};`);
  runInNewContext(built, { window, document, URLSearchParams, JSON, decodeURIComponent });
  return { sent, preloaded, window };
}

const clientFor = (key: string, holder: EarlyQueryHolder) => new Client({
  url: "/graphql", exchanges: [cacheExchange, fetchExchange], fetchOptions: { headers: { "X-API-Key": key } },
  fetch: joiningEarlyQuery(key, holder),
});

afterEach(() => vi.unstubAllGlobals());

describe("the editor's query sent early (public/early-query.js)", () => {
  it("is joined by the editor's own request: the server is asked once", async () => {
    const { sent, window } = runEarlyScript("/scenarios/s%201/edit", "ae_key");
    expect(sent).toHaveLength(1);
    expect(sent[0].headers["X-API-Key"]).toBe("ae_key");
    const network = vi.fn(() => Promise.resolve(json()));
    vi.stubGlobal("fetch", network);
    const result = await clientFor("ae_key", window).query(EditQuery, { id: "s 1" }, { requestPolicy: "network-only" }).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual(answer.data);
    expect(network).not.toHaveBeenCalled(); // fails when the script's query text drifts from editQuery.ts
    // Joined once: the next request goes to the network.
    await clientFor("ae_key", window).query(EditQuery, { id: "s 1" }, { requestPolicy: "network-only" }).toPromise();
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("is not used for another scenario or another key", async () => {
    const network = vi.fn(() => Promise.resolve(json()));
    vi.stubGlobal("fetch", network);
    const other = runEarlyScript("/scenarios/s1/edit", "ae_key").window;
    await clientFor("ae_key", other).query(EditQuery, { id: "s2" }, { requestPolicy: "network-only" }).toPromise();
    const rekeyed = runEarlyScript("/scenarios/s1/edit", "ae_key").window;
    await clientFor("ae_other", rekeyed).query(EditQuery, { id: "s1" }, { requestPolicy: "network-only" }).toPromise();
    expect(network).toHaveBeenCalledTimes(2);
  });

  it("sends nothing elsewhere, for a new scenario or without a key", () => {
    expect(runEarlyScript("/scenarios/s1", "ae_key").sent).toEqual([]);
    expect(runEarlyScript("/scenarios/new/edit", "ae_key").sent).toEqual([]);
    expect(runEarlyScript("/scenarios/s1/edit", null).sent).toEqual([]);
  });

  it("preloads the editor's chunks on the editor's address only, a new scenario's too", () => {
    const chunks = ["assets/ScenarioEditPage-x.js", "assets/esm-y.js"];
    const wanted = chunks.map((chunk) => ({ rel: "modulepreload", href: `/${chunk}` }));
    expect(runEarlyScript("/scenarios/s1/edit", "ae_key", chunks).preloaded).toEqual(wanted);
    expect(runEarlyScript("/scenarios/new/edit", null, chunks).preloaded).toEqual(wanted);
    expect(runEarlyScript("/scenarios/s1", "ae_key", chunks).preloaded).toEqual([]);
  });

  it("asks the network again when the early request failed", async () => {
    const { window } = runEarlyScript("/scenarios/s1/edit", "ae_key");
    const failed = Promise.reject(new TypeError("offline"));
    failed.catch(() => undefined);
    window.agentevalEarlyQuery!.response = failed;
    const network = vi.fn(() => Promise.resolve(json()));
    vi.stubGlobal("fetch", network);
    const result = await clientFor("ae_key", window).query(EditQuery, { id: "s1" }, { requestPolicy: "network-only" }).toPromise();
    expect(result.data).toEqual(answer.data);
    expect(network).toHaveBeenCalledTimes(1);
  });
});
