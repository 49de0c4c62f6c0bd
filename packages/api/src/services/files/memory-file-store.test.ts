import { describe, expect, it } from "vitest";
import { readStoredBytes } from "./file-store";
import { memoryFileStore } from "./memory-file-store";

describe("memoryFileStore", () => {
  it("stores, reads back and deletes bytes per key", async () => {
    const store = memoryFileStore();
    await store.put("deal-images/a", new Uint8Array([1, 2]));
    await store.put("deal-images/b", new Uint8Array([3]));
    expect(await readStoredBytes(store, "deal-images/a")).toEqual(new Uint8Array([1, 2]));
    await store.delete("deal-images/a");
    expect(await store.open("deal-images/a")).toBeNull();
    expect(store.keys()).toEqual(["deal-images/b"]);
  });

  it("accepts deleting a key with nothing stored", async () => {
    const store = memoryFileStore();
    await expect(store.delete("deal-images/missing")).resolves.toBeUndefined();
    expect(store.keys()).toEqual([]);
  });
});
