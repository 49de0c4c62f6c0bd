import { Readable } from "node:stream";
import { checkStorageKey, type FileStore } from "./file-store";

/** A FileStore that keeps bytes in memory: for tests and for callers that never touch files. */
export function memoryFileStore(): FileStore & { keys(): string[] } {
  const stored = new Map<string, Uint8Array>();
  return {
    async put(storageKey, body) {
      checkStorageKey(storageKey);
      if (!(body instanceof Readable)) {
        stored.set(storageKey, new Uint8Array(body));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      stored.set(storageKey, new Uint8Array(Buffer.concat(chunks)));
    },
    async open(storageKey) {
      const bytes = stored.get(checkStorageKey(storageKey));
      return bytes ? { sizeBytes: bytes.length, body: Readable.from([Buffer.from(bytes)]) } : null;
    },
    async sizeOf(storageKey) {
      return stored.get(checkStorageKey(storageKey))?.length ?? null;
    },
    async delete(storageKey) {
      stored.delete(checkStorageKey(storageKey));
    },
    async *list(prefix = "") {
      for (const key of [...stored.keys()]) if (key.startsWith(prefix)) yield key;
    },
    keys: () => [...stored.keys()],
  };
}
