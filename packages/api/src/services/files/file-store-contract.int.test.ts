import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { type Db, files } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createBrand, uploadImages } from "../../testing";
import { startS3Server, type TestS3Server } from "../../testing/s3-server";
import { ORPHAN_DEAL_IMAGE_AGE_MS, sweepOrphanDealImages } from "../maintenance/orphan-deal-images";
import { type FileStore, readStoredBytes } from "./file-store";
import { localDiskFileStore } from "./local-disk-file-store";
import { memoryFileStore } from "./memory-file-store";
import { s3FileStore } from "./s3-file-store";

/**
 * One contract, every FileStore adapter: the local disk (the embedded default), S3 against a real S3-protocol
 * server started here (s3rver on 127.0.0.1, a random port, a temporary folder), and memory (the tests' store).
 */
let s3: TestS3Server;
let diskRoot: string;
const stores: FileStore[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
  diskRoot = await mkdtemp(join(tmpdir(), "file-store-"));
});
afterAll(async () => {
  for (const store of stores) (store as Partial<{ destroy(): void }>).destroy?.();
  await s3?.stop();
  await rm(diskRoot, { recursive: true, force: true });
});

const testDb = useTestDb();

const ADAPTERS: [string, () => FileStore | Promise<FileStore>][] = [
  ["local disk", () => localDiskFileStore(join(diskRoot, "files"))],
  ["S3 (s3rver)", () => s3FileStore(s3.storeOptions)],
  ["memory", () => memoryFileStore()],
];

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const keyIn = (folder: string) => `${folder}/${randomUUID()}`;

async function listed(store: FileStore, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list(prefix)) keys.push(key);
  return keys.sort();
}

/** A stream of `size` random bytes in chunks of 256 KiB, and the bytes' hash. */
function randomStream(size: number) {
  const bytes = randomBytes(size);
  const chunks = Array.from({ length: Math.ceil(size / 262_144) }, (_, i) =>
    bytes.subarray(i * 262_144, (i + 1) * 262_144),
  );
  return { stream: Readable.from(chunks), sha256: sha256(bytes) };
}

describe.each(ADAPTERS)("FileStore contract: %s", (name, makeStore) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await makeStore();
    stores.push(store);
  });

  it("stores bytes under a key and streams them back with their size", async () => {
    const key = keyIn("chat-files");
    await store.put(key, new Uint8Array([1, 2, 3]));
    const opened = await store.open(key);
    expect(opened?.sizeBytes).toBe(3);
    expect(await readStoredBytes(store, key)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await store.sizeOf(key)).toBe(3);
    opened?.body.destroy();
  });

  it("streams a large file out in chunks, never as one buffer", async () => {
    const key = keyIn("chat-files");
    const bytes = randomBytes(4 * 1024 * 1024 - 1);
    await store.put(key, bytes);
    const opened = await store.open(key);
    if (!opened) throw new Error("stored file not found");
    expect(opened.sizeBytes).toBe(bytes.length);
    let chunks = 0;
    const hash = createHash("sha256");
    for await (const chunk of opened.body) {
      chunks += 1;
      hash.update(chunk as Buffer);
    }
    expect(hash.digest("hex")).toBe(sha256(bytes));
    // The memory store holds its bytes whole anyway; the disk and S3 read them as they come.
    if (name !== "memory") expect(chunks).toBeGreaterThan(1);
  });

  it("stores a stream as it is read, beyond one S3 part (5 MiB)", async () => {
    const key = keyIn("moved");
    const { stream, sha256: expected } = randomStream(6 * 1024 * 1024 + 17);
    await store.put(key, stream);
    expect(await store.sizeOf(key)).toBe(6 * 1024 * 1024 + 17);
    expect(sha256((await readStoredBytes(store, key)) ?? new Uint8Array())).toBe(expected);
  });

  it("stores nothing when the stream fails midway", async () => {
    const key = keyIn("moved");
    // Within the first 5 MiB part: s3rver 3.7 lacks AbortMultipartUpload (405), which the SDK's upload calls to
    // remove the parts of a stream failing later; AWS and the S3-compatible stores have it.
    async function* failing() {
      yield randomBytes(1024 * 1024);
      throw new Error("disk read failed");
    }
    await expect(store.put(key, Readable.from(failing()))).rejects.toThrow("disk read failed");
    expect(await store.sizeOf(key)).toBeNull();
    expect(await listed(store, key)).toEqual([]);
  });

  it("replaces what was stored under the key", async () => {
    const key = keyIn("pictures");
    await store.put(key, new Uint8Array([1, 1, 1, 1]));
    await store.put(key, new Uint8Array([2]));
    expect(await readStoredBytes(store, key)).toEqual(new Uint8Array([2]));
  });

  it("answers null for a key with nothing stored, for its bytes and for its size", async () => {
    expect(await store.open(keyIn("chat-files"))).toBeNull();
    expect(await store.sizeOf(keyIn("chat-files"))).toBeNull();
    expect(await readStoredBytes(store, keyIn("chat-files"))).toBeNull();
  });

  it("deletes the bytes under a key, leaving other keys, and accepts a key with nothing stored", async () => {
    const [gone, kept] = [keyIn("deal-images"), keyIn("deal-images")];
    await store.put(gone, new Uint8Array([1]));
    await store.put(kept, new Uint8Array([2]));
    await store.delete(gone);
    expect(await store.open(gone)).toBeNull();
    expect(await readStoredBytes(store, kept)).toEqual(new Uint8Array([2]));
    // A cleanup retried after a crash deletes again: that must not fail.
    await expect(store.delete(gone)).resolves.toBeUndefined();
  });

  it("lists the keys under a prefix, and every key without one", async () => {
    const folder = `listing-${randomUUID().slice(0, 8)}`;
    const keys = [`${folder}/a1`, `${folder}/b2`, `${folder}/deeper/c3`].sort();
    const other = `${folder}-other/d4`;
    for (const key of [...keys, other]) await store.put(key, new Uint8Array([9]));
    expect(await listed(store, `${folder}/`)).toEqual(keys);
    expect(await listed(store, `${folder}/deeper/`)).toEqual([`${folder}/deeper/c3`]);
    expect(await listed(store)).toEqual(expect.arrayContaining([...keys, other]));
  });

  // s3rver pages with a patch (patches-dev/s3rver+3.7.1.patch): its continuation tokens were DES, gone from Node's
  // OpenSSL 3. A few puts at a time: s3rver answers 500 to dozens at once writing into one folder.
  it("lists past one page of keys (S3 answers 1,000 at most a request)", async () => {
    const folder = `paged-${randomUUID().slice(0, 8)}`;
    const keys = Array.from({ length: 1_001 }, (_, i) => `${folder}/k${String(i).padStart(4, "0")}`);
    for (let i = 0; i < keys.length; i += 8) {
      await Promise.all(keys.slice(i, i + 8).map((key) => store.put(key, new Uint8Array([1]))));
    }
    expect(await listed(store, `${folder}/`)).toEqual(keys);
  }, 120_000);

  it("refuses keys that are not of the server's making (a user's name, a path out of its folder)", async () => {
    for (const key of ["../etc/passwd", "seed/../../x", "/abs/path", "seed", "seed/a b", "seed/x.partial"]) {
      await expect(store.put(key, new Uint8Array([0]))).rejects.toThrow(/Invalid storage key/);
      await expect(store.open(key)).rejects.toThrow(/Invalid storage key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid storage key/);
    }
  });

  it("loses the bytes of orphan campaign images to the cleanup sweep, and keeps the others", async () => {
    const db: Db = testDb.db;
    await db.delete(files);
    const t0 = new Date("2026-06-01T12:00:00Z");
    const deps = { db, clock: fixedClock(t0), files: store };
    const brand = await createBrand(db);
    const [abandoned = ""] = await uploadImages(deps, brand.id, 1);
    deps.clock.set(new Date(t0.getTime() + 1000));
    const [recent = ""] = await uploadImages(deps, brand.id, 1);

    expect(await sweepOrphanDealImages(deps, new Date(t0.getTime() + ORPHAN_DEAL_IMAGE_AGE_MS))).toBe(1);
    expect(await store.open(`deal-images/${abandoned}`)).toBeNull();
    expect(await store.sizeOf(`deal-images/${recent}`)).toBeGreaterThan(0);
  });
});

describe("localDiskFileStore", () => {
  it("leaves no half-written file behind a failed write, and never lists one a crash left", async () => {
    const root = join(diskRoot, "partials");
    const store = localDiskFileStore(root);
    async function* failing() {
      yield randomBytes(100_000);
      throw new Error("upload cut off");
    }
    await expect(store.put("chat/cut-1", Readable.from(failing()))).rejects.toThrow("upload cut off");
    expect(await readdir(join(root, "chat"))).toEqual([]);
    // What a process killed mid-write leaves: a .partial file beside the keys.
    await writeFile(join(root, "chat", "kept-2.0b4f.partial"), "half");
    await store.put("chat/kept-2", new Uint8Array([2]));
    expect(await listed(store)).toEqual(["chat/kept-2"]);
  });
});
