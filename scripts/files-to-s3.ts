/**
 * `npx tsx scripts/files-to-s3.ts [--delete-local]`: copies the stored files from the local disk (DATA_DIR/files)
 * to the S3 bucket of the FILES_S3_* settings, the same environment the server reads (apps/server/src/env.ts).
 * Run it before (and again right after) switching a server from the disk to the bucket: every key is copied once,
 * as a stream, and its size in the bucket compared with the disk's; a key the bucket already holds at the same size
 * is left alone, so a run stopped halfway resumes where it was and a second run copies nothing. The disk copies stay
 * unless --delete-local is given, and then only those verified in the bucket go. Prints the counts; exits 1 if any
 * file failed (named with the reason, never with a credential).
 */
import { parseArgs } from "node:util";
import { type FileStore, localDiskFileStore } from "@market/api";
import { loadEnv } from "@market/server/env";
import { fileStoreFrom, localFilesFolder } from "@market/server/file-store";

export interface CopyCounts {
  /** Keys found on the source. */
  found: number;
  copied: number;
  /** Already in the target at the same size: left alone. */
  alreadyThere: number;
  /** Source copies removed once verified in the target (--delete-local). */
  deletedFromSource: number;
  failed: { key: string; reason: string }[];
}

/** Copies at once: a few requests in flight keep a bucket busy without holding many files open. */
const PARALLEL_COPIES = 4;

/**
 * Copies every key of `from` missing from `to` (or there at another size: a copy cut off by an earlier run), then
 * checks the size `to` reports against the source's. With `deleteFromSource`, a key verified in `to` is deleted
 * from `from`. Never throws for one file: its failure is counted and the others go on.
 */
export async function copyFiles(
  from: FileStore,
  to: FileStore,
  options: { deleteFromSource: boolean; onProgress?: (counts: CopyCounts) => void },
): Promise<CopyCounts> {
  const counts: CopyCounts = { found: 0, copied: 0, alreadyThere: 0, deletedFromSource: 0, failed: [] };
  const keys = from.list()[Symbol.asyncIterator]();

  async function copyOne(key: string) {
    const stored = await from.open(key);
    if (!stored) return; // deleted since it was listed: nothing to copy
    const targetSize = await to.sizeOf(key);
    if (targetSize === stored.sizeBytes) {
      stored.body.destroy();
      counts.alreadyThere += 1;
    } else {
      await to.put(key, stored.body);
      const copiedSize = await to.sizeOf(key);
      if (copiedSize !== stored.sizeBytes) {
        throw new Error(
          `the target holds ${copiedSize ?? "nothing"} bytes after the copy, the source ${stored.sizeBytes}`,
        );
      }
      counts.copied += 1;
    }
    if (options.deleteFromSource) {
      await from.delete(key);
      counts.deletedFromSource += 1;
    }
  }

  async function worker() {
    // Workers share one iterator: an async generator hands each key to one of them.
    for (let next = await keys.next(); !next.done; next = await keys.next()) {
      counts.found += 1;
      try {
        await copyOne(next.value);
      } catch (error) {
        counts.failed.push({ key: next.value, reason: error instanceof Error ? error.message : String(error) });
      }
      if (counts.found % 1000 === 0) options.onProgress?.(counts);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_COPIES }, worker));
  return counts;
}

async function main() {
  const { values } = parseArgs({ options: { "delete-local": { type: "boolean", default: false } }, strict: true });
  const env = loadEnv();
  if (!env.FILES_S3_BUCKET) {
    console.error("Set FILES_S3_BUCKET (and FILES_S3_REGION, FILES_S3_ENDPOINT, … as for the server) to copy to.");
    return 2;
  }
  const target = await fileStoreFrom(env);
  const folder = localFilesFolder(env);
  const source = localDiskFileStore(folder);
  console.log(`Copying ${folder} to the bucket ${env.FILES_S3_BUCKET} (${env.FILES_S3_ENDPOINT ?? "AWS S3"})`);
  try {
    const counts = await copyFiles(source, target.store, {
      deleteFromSource: values["delete-local"] ?? false,
      onProgress: (progress) => console.log(`  ${progress.found} files: ${progress.copied} copied so far`),
    });
    for (const failure of counts.failed) console.error(`  failed ${failure.key}: ${failure.reason}`);
    console.log(
      `${counts.found} files found, ${counts.copied} copied, ${counts.alreadyThere} already in the bucket, ` +
        `${counts.deletedFromSource} deleted from the disk, ${counts.failed.length} failed`,
    );
    return counts.failed.length === 0 ? 0 : 1;
  } finally {
    target.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());
