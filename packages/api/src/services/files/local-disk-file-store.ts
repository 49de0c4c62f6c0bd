import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, opendir, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkStorageKey, type FileStore, isStorageKey } from "./file-store";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * The embedded FileStore: a folder on local disk (DATA_DIR/files), a file per key. Writes are atomic: the bytes go
 * to a uniquely named `.partial` file that is renamed over the key once whole, so a reader never sees half a file
 * and two writers of one key never mix their bytes.
 */
export function localDiskFileStore(rootDir: string): FileStore {
  const root = resolve(rootDir);
  const pathOf = (storageKey: string) => join(root, checkStorageKey(storageKey));

  return {
    async put(storageKey, body) {
      const path = pathOf(storageKey);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        if (body instanceof Readable) await pipeline(body, createWriteStream(partial));
        else await writeFile(partial, body);
        await rename(partial, path);
      } catch (error) {
        await unlink(partial).catch(() => undefined);
        throw error;
      }
    },
    async open(storageKey) {
      const path = pathOf(storageKey);
      try {
        // Size and bytes from one handle: a put renaming a new file over the key in between cannot mix the two.
        const handle = await open(path, "r");
        try {
          const { size } = await handle.stat();
          return { sizeBytes: size, body: handle.createReadStream() };
        } catch (error) {
          await handle.close();
          throw error;
        }
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async sizeOf(storageKey) {
      try {
        return (await stat(pathOf(storageKey))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(storageKey) {
      try {
        await unlink(pathOf(storageKey));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    list: (prefix = "") => keysUnder(root, prefix),
  };
}

/** The keys of the files below root that start with prefix, folder by folder (one folder's names in memory). */
async function* keysUnder(root: string, prefix: string): AsyncIterable<string> {
  const folders = [""];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let entries: Awaited<ReturnType<typeof opendir>>;
    try {
      entries = await opendir(join(root, folder));
    } catch (error) {
      if (isMissing(error)) continue; // nothing stored yet, or a folder removed while walking
      throw error;
    }
    for await (const entry of entries) {
      const key = folder === "" ? entry.name : `${folder}/${entry.name}`;
      // Walk only the folders that can hold keys with the prefix.
      if (entry.isDirectory() && (key.startsWith(prefix) || prefix.startsWith(`${key}/`))) folders.push(key);
      else if (entry.isFile() && key.startsWith(prefix) && isStorageKey(key)) yield key;
    }
  }
}
