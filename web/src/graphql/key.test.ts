import { describe, expect, it } from "vitest";
import { forgetKey, keyHeaders, normaliseKey, readKey, storeKey, type KeyStorage } from "./key";

function memoryStorage(): KeyStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe("API key handling", () => {
  it("keeps a pasted key without spaces, quotes or header name", () => {
    expect(normaliseKey('  "ae_abc"  ')).toBe("ae_abc");
    expect(normaliseKey("X-API-Key: ae_abc")).toBe("ae_abc");
  });

  it("stores, reads and forgets the key", () => {
    const storage = memoryStorage();
    expect(readKey(storage)).toBeNull();
    expect(storeKey(storage, " ae_1 ")).toBe("ae_1");
    expect(readKey(storage)).toBe("ae_1");
    forgetKey(storage);
    expect(readKey(storage)).toBeNull();
  });

  it("an empty key is not stored", () => {
    const storage = memoryStorage();
    storeKey(storage, "ae_1");
    expect(storeKey(storage, "   ")).toBeNull();
    expect(readKey(storage)).toBeNull();
  });

  it("sends the key as X-API-Key", () => {
    expect(keyHeaders("ae_1")).toEqual({ "X-API-Key": "ae_1" });
    expect(keyHeaders(null)).toEqual({});
  });
});
