import { createHash, randomUUID } from "node:crypto";
import { type AppealFileView, MAX_UPLOAD_BYTES } from "@market/contracts";
import { files } from "@market/db";
import { fail } from "../../../errors";
import type { Viewer } from "../../../viewer";
import { type RateLimitDeps, throttle } from "../../auth/rate-limit";
import { judgeChatFile } from "../../chat/file-safety";
import type { FileStore } from "../../files/file-store";
import { keptFileName, type UploadedFile } from "../../files/upload-picture";
import { lockInfluencer, standingFlag } from "./raise-flag";

/**
 * POST /api/account/flag/files: one file for the influencer's appeal (issue 36), judged as a chat file (below
 * MAX_UPLOAD_BYTES, dangerous types refused) and stored privately: GET /files/{id} serves it to its influencer and
 * to admins only. It joins the appeal when `account.appealFlag` names it. Only a flagged influencer who has not
 * appealed yet may upload (not_found without a standing flag, conflict once appealed).
 */
export async function uploadAppealFile(
  deps: RateLimitDeps & { files: FileStore },
  viewer: Viewer,
  upload: UploadedFile,
): Promise<AppealFileView> {
  if (viewer.kind !== "influencer") fail("forbidden");
  if (upload.bytes.length >= MAX_UPLOAD_BYTES) fail("too_big");
  if (upload.bytes.length === 0) fail("invalid", "This file is empty.");
  const verdict = judgeChatFile(upload.bytes, upload.name);
  if (!verdict.ok) fail("forbidden", verdict.why);
  await throttle(deps, [["chatFilesPerUser", String(viewer.userId)]]);

  const now = deps.clock.now();
  const id = randomUUID();
  const storageKey = `appeal/${id}`;
  const name = keptFileName(upload.name) || "file";
  let stored = false;
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await lockInfluencer(tx, viewer.userId))) fail("not_found");
      const flag = await standingFlag(tx, viewer.userId);
      if (!flag) fail("not_found", "Your profile is not flagged.");
      if (flag.appealedAt !== null) fail("conflict", "You have already appealed this flag.");
      await deps.files.put(storageKey, upload.bytes);
      stored = true;
      await tx.insert(files).values({
        id,
        ownerId: viewer.userId,
        purpose: "appeal_file",
        storageKey,
        originalName: name,
        contentType: verdict.contentType,
        sizeBytes: upload.bytes.length,
        sha256: createHash("sha256").update(upload.bytes).digest("hex"),
        createdAt: now,
      });
    });
  } catch (error) {
    if (stored) await deps.files.delete(storageKey);
    throw error;
  }
  return { id, name, type: verdict.contentType, sizeBytes: upload.bytes.length, url: `/files/${id}` };
}
