import type { Readable } from "node:stream";
import type { FilePurpose } from "@market/contracts";
import { and, applications, chatMessages, type Db, deliveryFiles, eq, exists, files, or, sql, users } from "@market/db";
import { fail } from "../../errors";
import type { FileStore } from "./file-store";

export interface ServedFile {
  /** The stored bytes as they are read from the store: the caller sends them on (or destroys the stream). */
  body: Readable;
  sizeBytes: number;
  contentType: string;
  purpose: FilePurpose;
  originalName: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A stored file for GET /files/:id. Pictures and campaign images are public; a chat file only reaches the two
 * parties of an application whose chat carries it, and, once the influencer attached it to a delivery (issue 37), an
 * admin in their own session too, who decides a contest over that delivery on the console's case page; a flag
 * appeal's file (issue 36) only its influencer (its owner) and admins in their own session. An admin acting as a
 * user is that user here. Anyone else gets not_found, exactly as for an unknown id, so a file's existence is not
 * disclosed. The bytes are opened only after the check, so no store is read for a viewer who may not see them.
 */
export async function readFile(
  deps: { db: Db; files: FileStore },
  viewerId: number | null,
  fileId: string,
): Promise<ServedFile> {
  if (!UUID.test(fileId)) fail("not_found");
  const [row] = await deps.db
    .select({
      storageKey: files.storageKey,
      contentType: files.contentType,
      purpose: files.purpose,
      originalName: files.originalName,
      // Only computed for chat files, and only for a signed-in viewer.
      isParty:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`${files.purpose} <> 'chat_file' or ${exists(
              deps.db
                .select({ one: sql`1` })
                .from(chatMessages)
                .innerJoin(applications, eq(applications.id, chatMessages.applicationId))
                .where(
                  and(
                    eq(chatMessages.fileId, files.id),
                    or(eq(applications.influencerId, viewerId), eq(applications.brandId, viewerId)),
                  ),
                ),
            )}`,
      // Only computed for appeal files: the owner, or an admin (their own session: an admin acting is the user).
      mayReadAppeal:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`${files.purpose} = 'appeal_file' and (${files.ownerId} = ${viewerId} or ${isAdmin(deps.db, viewerId)})`,
      // A chat file delivered with the work: the evidence an admin deciding the case looks at.
      adminReadsDelivered:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`${files.purpose} = 'chat_file' and ${exists(
              deps.db.select({ one: sql`1` }).from(deliveryFiles).where(eq(deliveryFiles.fileId, files.id)),
            )} and ${isAdmin(deps.db, viewerId)}`,
    })
    .from(files)
    .where(eq(files.id, fileId.toLowerCase()))
    .limit(1);
  if (!row) fail("not_found");
  if (row.purpose === "chat_file" && !row.isParty && !row.adminReadsDelivered) fail("not_found");
  if (row.purpose === "appeal_file" && !row.mayReadAppeal) fail("not_found");
  const stored = await deps.files.open(row.storageKey);
  if (!stored) fail("not_found");
  return { ...stored, contentType: row.contentType, purpose: row.purpose, originalName: row.originalName };
}

/** The viewer is an admin in their own session (an admin acting as a user has that user's id here). */
const isAdmin = (db: Db, viewerId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(users)
      .where(and(eq(users.id, viewerId), eq(users.isAdmin, true))),
  );
