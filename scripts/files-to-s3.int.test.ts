import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { type FileStore, localDiskFileStore, readStoredBytes, s3FileStore } from "@market/api";
import { startS3Server, type TestS3Server } from "@market/api/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copyFiles } from "./files-to-s3";

let s3: TestS3Server;
let bucket: Awaited<ReturnType<typeof s3FileStore>>;
let dataDir: string;
let disk: FileStore;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await s3FileStore(s3.storeOptions);
});
afterAll(async () => {
  bucket?.destroy();
  await s3?.stop();
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "files-to-s3-"));
  disk = localDiskFileStore(join(dataDir, "files"));
  return () => rm(dataDir, { recursive: true, force: true });
});

/** Files on the disk as the server stores them: a picture, a chat file beyond one S3 part, a campaign image. */
async function storedOnDisk() {
  const run = randomUUID().slice(0, 8);
  const files = new Map<string, Buffer>([
    [`pictures/${run}-a`, randomBytes(1_000)],
    [`chat/${run}-b`, randomBytes(6 * 1024 * 1024)],
    [`deal-images/${run}-c`, randomBytes(10)],
  ]);
  for (const [key, bytes] of files) await disk.put(key, bytes);
  return files;
}

async function expectInBucket(files: Map<string, Buffer>) {
  for (const [key, bytes] of files)
    expect(Buffer.from((await readStoredBytes(bucket, key)) ?? []).equals(bytes)).toBe(true);
}

const noDeletion = { deleteFromSource: false };

describe("copyFiles from the disk to a bucket", () => {
  it("copies every file, verified by size, and keeps the disk copies", async () => {
    const files = await storedOnDisk();
    // A write cut off by a crash: the disk store's half-written file is no key and is never copied.
    await writeFile(join(dataDir, "files", "chat", "x.1234.partial"), "half");
    const counts = await copyFiles(disk, bucket, noDeletion);
    expect(counts).toEqual({ found: 3, copied: 3, alreadyThere: 0, deletedFromSource: 0, failed: [] });
    await expectInBucket(files);
    for (const key of files.keys()) expect(await disk.sizeOf(key)).not.toBeNull();
  });

  it("copies nothing the second time, and resumes a run cut off after some files", async () => {
    const files = await storedOnDisk();
    const [first = "", second = ""] = files.keys();
    // A first run got one file across and was stopped while sending the second (a shorter object is left).
    await bucket.put(first, files.get(first) ?? Buffer.alloc(0));
    await bucket.put(second, randomBytes(5));

    expect(await copyFiles(disk, bucket, noDeletion)).toMatchObject({ found: 3, copied: 2, alreadyThere: 1 });
    await expectInBucket(files);
    expect(await copyFiles(disk, bucket, noDeletion)).toMatchObject({ found: 3, copied: 0, alreadyThere: 3 });
  });

  it("deletes the disk copies only when asked, and only those verified in the bucket", async () => {
    const files = await storedOnDisk();
    const [broken = ""] = files.keys();
    // A bucket that keeps a byte less of one file than it was sent: its disk copy must survive.
    const lossy: FileStore = {
      ...bucket,
      async put(key, body) {
        const chunks: Buffer[] = [];
        for await (const chunk of Readable.from(body)) chunks.push(chunk as Buffer);
        await bucket.put(key, Buffer.concat(chunks).subarray(0, key === broken ? -1 : undefined));
      },
    };
    const counts = await copyFiles(disk, lossy, { deleteFromSource: true });
    expect(counts).toMatchObject({ found: 3, copied: 2, deletedFromSource: 2 });
    expect(counts.failed).toEqual([
      {
        key: broken,
        reason: `the target holds ${(files.get(broken)?.length ?? 0) - 1} bytes after the copy, the source ${files.get(broken)?.length}`,
      },
    ]);
    expect(await readdir(join(dataDir, "files"), { recursive: true })).toContain(broken);
    for (const key of [...files.keys()].filter((key) => key !== broken)) expect(await disk.sizeOf(key)).toBeNull();
  });
});

describe("scripts/files-to-s3.ts", () => {
  const run = (env: Record<string, string>, args: string[] = []) =>
    promisify(execFile)("npx", ["tsx", "scripts/files-to-s3.ts", ...args], {
      env: { PATH: process.env.PATH, ...env },
      timeout: 60_000,
    });

  it("copies DATA_DIR/files to the FILES_S3_* bucket and reports the counts", async () => {
    const files = await storedOnDisk();
    const { stdout } = await run({ ...s3.env, DATA_DIR: dataDir });
    expect(stdout).toContain("3 files found, 3 copied, 0 already in the bucket, 0 deleted from the disk, 0 failed");
    expect(stdout).not.toContain(s3.secretAccessKey);
    await expectInBucket(files);
    const again = await run({ ...s3.env, DATA_DIR: dataDir }, ["--delete-local"]);
    expect(again.stdout).toContain(
      "3 files found, 0 copied, 3 already in the bucket, 3 deleted from the disk, 0 failed",
    );
    for (const key of files.keys()) expect(await disk.sizeOf(key)).toBeNull();
  }, 120_000);

  it("refuses to run without a bucket", async () => {
    await expect(run({ DATA_DIR: dataDir })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Set FILES_S3_BUCKET"),
    });
  }, 120_000);
});
