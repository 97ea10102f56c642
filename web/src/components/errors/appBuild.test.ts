import { describe, expect, it } from "vitest";
import { entryScript, isChunkLoadError, newBuildDeployed } from "./appBuild";

const html = (src: string) => `<!doctype html><html><head><script type="module" crossorigin src="${src}"></script></head></html>`;

describe("app build", () => {
  it("reads the hashed entry script of index.html", () => {
    expect(entryScript(html("/assets/index-AbC123.js"))).toBe("/assets/index-AbC123.js");
    expect(entryScript("<html></html>")).toBeNull();
  });

  it("tells a new build from the running one", async () => {
    const serving = (src: string) => (async () => new Response(html(src))) as unknown as typeof fetch;
    expect(await newBuildDeployed("/assets/index-old.js", serving("/assets/index-new.js"))).toBe(true);
    expect(await newBuildDeployed("/assets/index-old.js", serving("/assets/index-old.js"))).toBe(false);
    expect(await newBuildDeployed(null, serving("/assets/index-new.js"))).toBe(false);
    const down = (async () => { throw new TypeError("Failed to fetch"); }) as unknown as typeof fetch;
    expect(await newBuildDeployed("/assets/index-old.js", down)).toBe(false);
  });

  it("recognises a chunk that could not be loaded", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("x is undefined"))).toBe(false);
  });
});
