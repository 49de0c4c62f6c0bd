import type { FileStore } from "./file-store";

/** A FileStore that keeps bytes in memory: for tests and for callers that never touch files. */
export function memoryFileStore(): FileStore & { keys(): string[] } {
  const stored = new Map<string, Uint8Array>();
  return {
    async put(storageKey, bytes) {
      stored.set(storageKey, new Uint8Array(bytes));
    },
    async get(storageKey) {
      const bytes = stored.get(storageKey);
      return bytes ? new Uint8Array(bytes) : null;
    },
    async delete(storageKey) {
      stored.delete(storageKey);
    },
    keys: () => [...stored.keys()],
  };
}
