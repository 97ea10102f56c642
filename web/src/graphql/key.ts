/** The API key the user entered, kept in local storage, and who it belongs to. */

const STORAGE_KEY = "agenteval.apiKey";

/** A minimal storage, so tests can pass a Map-backed one. */
export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Keys look like `ae_…`; pasted keys often carry spaces, quotes or a header name. */
export function normaliseKey(input: string): string {
  let key = input.trim();
  key = key.replace(/^x-api-key\s*:\s*/i, "").trim();
  key = key.replace(/^["']|["']$/g, "").trim();
  return key;
}

export function readKey(storage: KeyStorage): string | null {
  const stored = storage.getItem(STORAGE_KEY);
  return stored ? stored : null;
}

export function storeKey(storage: KeyStorage, input: string): string | null {
  const key = normaliseKey(input);
  if (!key) {
    storage.removeItem(STORAGE_KEY);
    return null;
  }
  storage.setItem(STORAGE_KEY, key);
  return key;
}

export function forgetKey(storage: KeyStorage): void {
  storage.removeItem(STORAGE_KEY);
}

/** Headers for an HTTP call with the key (none when no key is stored). */
export function keyHeaders(key: string | null): Record<string, string> {
  return key ? { "X-API-Key": key } : {};
}
