/**
 * Which build of the app this page runs, and which one the server serves now: the entry
 * script's hashed file name (`/assets/index-AbC123.js`) changes with every build, so comparing
 * the page's with a fresh `index.html`'s tells that a new version was deployed.
 */

/** The entry script's path in an HTML document, or null (the dev server has no hashed entry). */
export function entryScript(html: string): string | null {
  const match = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html) ?? /<script[^>]+src="([^"]+)"[^>]+type="module"/.exec(html);
  return match ? match[1] : null;
}

/** The entry script of the running page. */
export function runningEntry(doc: Document): string | null {
  const script = doc.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script ? new URL(script.src, doc.baseURI).pathname : null;
}

/** Whether the server now serves another build than `running` (false when either is unknown or the fetch fails). */
export async function newBuildDeployed(running: string | null, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  if (!running) return false;
  try {
    const response = await fetchImpl("/", { cache: "no-store", headers: { accept: "text/html" } });
    if (!response.ok) return false;
    const served = entryScript(await response.text());
    return served !== null && new URL(served, "http://build.invalid").pathname !== running;
  } catch {
    return false;
  }
}

/** Dynamic-import failures as browsers word them (Chromium, Firefox, Safari) and Vite's preload error. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|ChunkLoadError/i.test(message);
}
