import type { Readable } from "node:stream";

/** Stored bytes opened for reading: their size (Content-Length) and a stream of them. */
export interface StoredBytes {
  sizeBytes: number;
  /** Read it to its end or destroy it: until then it holds a file handle or a connection. */
  body: Readable;
}

/**
 * Where stored files' bytes live; the files table holds their metadata and storage key, and the server checks a
 * viewer's access to a file before it opens its bytes (read-file.ts): a store is never exposed to browsers.
 * Adapters: local disk (the embedded default), S3-compatible object storage, memory (tests).
 */
export interface FileStore {
  /**
   * Stores bytes under the key, replacing what was there. An upload arrives whole (bounded by MAX_UPLOAD_BYTES,
   * its bytes are checked before they are stored); a stream is stored as it is read (the disk-to-bucket copy).
   */
  put(storageKey: string, body: Uint8Array | Readable): Promise<void>;
  /** The bytes as a stream with their size, or null when nothing is stored under the key. */
  open(storageKey: string): Promise<StoredBytes | null>;
  /** The size of the bytes stored under the key, or null when there are none; reads no bytes. */
  sizeOf(storageKey: string): Promise<number | null>;
  /** Removes the bytes; nothing stored under the key is fine, so a retried cleanup does not fail. */
  delete(storageKey: string): Promise<void>;
  /** Every stored key that starts with the prefix (all keys without one), in no particular order. */
  list(prefix?: string): AsyncIterable<string>;
}

/** Keys are ours (`<folder>/<uuid>`), never a user's file name, so they cannot climb out of a folder. */
const STORAGE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9-]+)+$/;

/** Throws on a key that is not of our making; every adapter checks before it touches its storage. */
export function checkStorageKey(storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`Invalid storage key: ${storageKey}`);
  return storageKey;
}

/** Whether a name found in storage is a key (a half-written `.partial` file or anything foreign is not). */
export const isStorageKey = (name: string): boolean => STORAGE_KEY.test(name);

/**
 * All the bytes under a key, or null: for the few readers that need them whole (the evidence pack's ZIP). Bounded
 * by what was stored: uploads are below MAX_UPLOAD_BYTES.
 */
export async function readStoredBytes(store: FileStore, storageKey: string): Promise<Uint8Array | null> {
  const stored = await store.open(storageKey);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
