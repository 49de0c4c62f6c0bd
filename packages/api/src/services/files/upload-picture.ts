import { createHash, randomUUID } from "node:crypto";
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from "@market/contracts";
import { type Db, eq, files, users } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { FileStore } from "./file-store";
import { detectImage, IMAGE_CONTENT_TYPES } from "./image-format";
import { fileUrl } from "./picture-url";

export interface UploadedFile {
  bytes: Uint8Array;
  /** The name the browser gave; kept for the record only, never trusted for the format or the storage path. */
  name: string;
}

/** Longest original name kept. */
const MAX_NAME_LENGTH = 200;

/**
 * The browser's name for a file as it is kept: without control characters (U+0000 among them, which PostgreSQL text
 * cannot hold; the others only garble a download's name), at most MAX_NAME_LENGTH characters.
 */
export const keptFileName = (name: string): string => name.replace(/\p{Cc}/gu, "").slice(0, MAX_NAME_LENGTH);

/**
 * Checks an uploaded image (spec section 5): below MAX_UPLOAD_BYTES, JPEG or PNG by its content, and (beyond the
 * spec) at most MAX_IMAGE_PIXELS by its header, as every viewer's browser decodes it whole however few bytes it has.
 */
export function checkImage(bytes: Uint8Array) {
  if (bytes.length >= MAX_UPLOAD_BYTES) fail("too_big");
  const image = detectImage(bytes);
  if (!image) fail("bad_format");
  if (image.width * image.height > MAX_IMAGE_PIXELS) fail("too_many_pixels");
  return { format: image.format, contentType: IMAGE_CONTENT_TYPES[image.format] };
}

/**
 * Stores a new picture for the user (POST /api/picture) and makes it theirs. The bytes go to the store first
 * under a fresh key, then the row and the user's picture are written together; the old picture's file stays,
 * since its URL is immutable and may still be cached or shown.
 */
export async function uploadPicture(
  deps: { db: Db; clock: Clock; files: FileStore },
  userId: number,
  upload: UploadedFile,
): Promise<{ picture: string }> {
  const { contentType } = checkImage(upload.bytes);
  const id = randomUUID();
  const storageKey = `pictures/${id}`;
  await deps.files.put(storageKey, upload.bytes);
  await deps.db.transaction(async (tx) => {
    await tx.insert(files).values({
      id,
      ownerId: userId,
      purpose: "picture",
      storageKey,
      originalName: keptFileName(upload.name),
      contentType,
      sizeBytes: upload.bytes.length,
      sha256: createHash("sha256").update(upload.bytes).digest("hex"),
      createdAt: deps.clock.now(),
    });
    await tx.update(users).set({ picture: id, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
  });
  return { picture: fileUrl(id) };
}
