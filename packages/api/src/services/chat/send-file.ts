import { createHash, randomUUID } from "node:crypto";
import { type ChatMessageView, MAX_UPLOAD_BYTES } from "@market/contracts";
import { chatMessages, files } from "@market/db";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { namedAccountRow } from "../account/account-name";
import { type RateLimitDeps, throttle } from "../auth/rate-limit";
import type { FileStore } from "../files/file-store";
import { keptFileName, type UploadedFile } from "../files/upload-picture";
import type { WebhookJobs } from "../notifications/notify";
import { openChatForWriting } from "./chat-access";
import { judgeChatFile } from "./file-safety";
import { toMessageView } from "./message-view";
import { notifyOtherParty } from "./notify-other-party";

/**
 * POST /api/applications/{id}/file: a file from one party to the chat (spec section 5: below MAX_UPLOAD_BYTES,
 * dangerous types refused), and a notification to the other. An impersonating admin's file goes out as the admin
 * (spec section 6): the admin owns the file and is its message's sender. The bytes are stored once the party and
 * the chat rule are checked, and removed again if the transaction fails. GET /files/{id} serves it to the two
 * parties only. Reasons: not_found, too_big, invalid (empty), forbidden (dangerous), chat_disabled, rate_limited
 * (more than RATE_LIMITS.chatFilesPerUser). An image is not held to MAX_IMAGE_PIXELS as pictures are, so that a
 * large scan or photo may still be exchanged: the chat only shows an image of at most that many pixels as a
 * thumbnail (files/inline-image.ts), and offers a larger one as a download (an attachment, sandboxed) that no browser
 * decodes unasked.
 */
export async function sendChatFile(
  deps: RateLimitDeps & { files: FileStore; webhookJobs?: WebhookJobs | undefined },
  viewer: Viewer,
  applicationId: number,
  upload: UploadedFile,
): Promise<ChatMessageView> {
  if (upload.bytes.length >= MAX_UPLOAD_BYTES) fail("too_big");
  if (upload.bytes.length === 0) fail("invalid", "This file is empty.");
  const verdict = judgeChatFile(upload.bytes, upload.name);
  if (!verdict.ok) fail("forbidden", verdict.why);
  await throttle(deps, [["chatFilesPerUser", String(viewer.userId)]]);

  const now = deps.clock.now();
  const senderId = viewer.impersonatorId ?? viewer.userId;
  const id = randomUUID();
  const storageKey = `chat/${id}`;
  let stored = false;
  try {
    return await deps.db.transaction(async (tx) => {
      const { application, role } = await openChatForWriting(tx, viewer, applicationId, now);
      await deps.files.put(storageKey, upload.bytes);
      stored = true;
      const name = keptFileName(upload.name) || "file";
      await tx.insert(files).values({
        id,
        ownerId: senderId,
        purpose: "chat_file",
        storageKey,
        originalName: name,
        contentType: verdict.contentType,
        sizeBytes: upload.bytes.length,
        sha256: createHash("sha256").update(upload.bytes).digest("hex"),
        createdAt: now,
      });
      const [message] = await tx
        .insert(chatMessages)
        .values({
          applicationId: application.id,
          senderId,
          impersonatorId: viewer.impersonatorId,
          type: "file",
          fileId: id,
          createdAt: now,
        })
        .returning();
      if (!message) throw new Error("chat message not inserted");
      await notifyOtherParty(tx, application, role, { senderId, fileId: id, at: now }, deps.webhookJobs);
      const sender = await namedAccountRow(tx, senderId);
      const file = { id, name, type: verdict.contentType, sizeBytes: upload.bytes.length };
      return toMessageView({ message, sender, file }, viewer.userId);
    });
  } catch (error) {
    if (stored) await deps.files.delete(storageKey);
    throw error;
  }
}
