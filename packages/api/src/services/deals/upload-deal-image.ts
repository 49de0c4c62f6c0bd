import { createHash, randomUUID } from "node:crypto";
import { type Db, files } from "@market/db";
import type { Clock } from "../../clock";
import type { FileStore } from "../files/file-store";
import { fileUrl } from "../files/picture-url";
import { checkImage, keptFileName, type UploadedFile } from "../files/upload-picture";

/**
 * POST /api/campaigns/images: stores one campaign image (JPEG or PNG by content, below 4 MB) as the brand's
 * deal_image file. It belongs to no deal until a campaign save claims it by id.
 */
export async function uploadDealImage(
  deps: { db: Db; clock: Clock; files: FileStore },
  brandId: number,
  upload: UploadedFile,
): Promise<{ id: string; url: string }> {
  const { contentType } = checkImage(upload.bytes);
  const id = randomUUID();
  const storageKey = `deal-images/${id}`;
  await deps.files.put(storageKey, upload.bytes);
  await deps.db.insert(files).values({
    id,
    ownerId: brandId,
    purpose: "deal_image",
    storageKey,
    originalName: keptFileName(upload.name),
    contentType,
    sizeBytes: upload.bytes.length,
    sha256: createHash("sha256").update(upload.bytes).digest("hex"),
    createdAt: deps.clock.now(),
  });
  return { id, url: fileUrl(id) };
}
