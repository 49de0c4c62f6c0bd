import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

/** Where stored files' bytes live; the files table holds their metadata and storage key. */
export interface FileStore {
  put(storageKey: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(storageKey: string): Promise<Uint8Array | null>;
  /** Removes the bytes; nothing stored under the key is fine, so a retried cleanup does not fail. */
  delete(storageKey: string): Promise<void>;
}

/** Keys are ours (`<folder>/<uuid>`), never a user's file name, so they cannot climb out of the root. */
const STORAGE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9-]+)+$/;

function pathOf(root: string, storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`Invalid storage key: ${storageKey}`);
  return join(root, storageKey);
}

/** The default FileStore: a folder on local disk (DATA_DIR/files). Writes are atomic via rename. */
export function localDiskFileStore(rootDir: string): FileStore {
  const root = resolve(rootDir);
  return {
    async put(storageKey, bytes) {
      const path = pathOf(root, storageKey);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(storageKey) {
      try {
        return new Uint8Array(await readFile(pathOf(root, storageKey)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(storageKey) {
      try {
        await unlink(pathOf(root, storageKey));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    },
  };
}
