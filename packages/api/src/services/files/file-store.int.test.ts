import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localDiskFileStore } from "./file-store";

const root = mkdtempSync(join(tmpdir(), "file-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("localDiskFileStore", () => {
  const store = localDiskFileStore(join(root, "files"));

  it("stores and reads back bytes under a key", async () => {
    await store.put("seed/0b4f-1c2d", new Uint8Array([1, 2, 3]));
    expect(await store.get("seed/0b4f-1c2d")).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("answers null for a key with nothing stored", async () => {
    expect(await store.get("seed/missing")).toBeNull();
  });

  it("deletes the bytes under a key, leaving other keys, and accepts a key with nothing stored", async () => {
    await store.put("seed/del-1", new Uint8Array([1]));
    await store.put("seed/del-2", new Uint8Array([2]));
    await store.delete("seed/del-1");
    expect(await store.get("seed/del-1")).toBeNull();
    expect(await store.get("seed/del-2")).toEqual(new Uint8Array([2]));
    // A cleanup retried after a crash deletes again: that must not fail.
    await expect(store.delete("seed/del-1")).resolves.toBeUndefined();
  });

  it("refuses keys that could leave its folder", async () => {
    for (const key of ["../etc/passwd", "seed/../../x", "/abs/path", "seed", "seed/a b"]) {
      await expect(store.put(key, new Uint8Array([0]))).rejects.toThrow(/Invalid storage key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
});
