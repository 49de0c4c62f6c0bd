import { DAY_MS } from "@market/contracts";
import { chatMessages, type Db, dealImages, files, rowsOf, type SQLWrapper, sql, type Tx } from "@market/db";
import type { FileStore } from "../files/file-store";

/** An uploaded campaign image belongs to no deal until a save claims it: a brand may take this long in the wizard. */
export const ORPHAN_DEAL_IMAGE_AGE_MS = DAY_MS;
/** Deleted per sweep at most, so a large backlog is worked off over several runs instead of in one long one. */
export const ORPHAN_DEAL_IMAGE_BATCH = 500;

/** No deal shows the file and no chat message points at it (`id`: the files.id column of the query). */
const unreferenced = (id: SQLWrapper) => sql`not exists (select 1 from ${dealImages} where ${dealImages.fileId} = ${id})
  and not exists (select 1 from ${chatMessages} where ${chatMessages.fileId} = ${id})`;

/**
 * Deletes the deal_image files that no deal_images row references and that were uploaded at least
 * ORPHAN_DEAL_IMAGE_AGE_MS before `now` (abandoned wizards, images removed from a campaign): first the rows, then
 * their bytes in the FileStore. Rows first, because bytes without a row are only wasted space, whereas a row without
 * bytes would be a broken image. Pictures and chat files are never candidates (other purposes), and a deal image
 * some chat message points at is kept. Uses files_deal_image_created_idx (partial, deal images only) and the
 * file_id indexes of deal_images and chat_messages. Returns how many files it deleted; when some bytes could not be
 * deleted it throws after trying them all, naming the count and the keys left behind.
 *
 * Two statements in one transaction, because a campaign save claims an image by locking its files row (claimImages)
 * and one statement cannot both pick and safely delete: its snapshot predates its row locks, so a save that
 * committed in between would be unseen and the delete would cascade into that deal's images. The first statement
 * locks the candidates, skipping those a save holds; from then on a save waits for this transaction, and the second
 * statement, with a newer snapshot, sees every save that committed before the locks and keeps its images.
 */
export async function sweepOrphanDealImages(deps: { db: Db; files: FileStore }, now: Date): Promise<number> {
  const uploadedBefore = new Date(now.getTime() - ORPHAN_DEAL_IMAGE_AGE_MS).toISOString();
  const deleted = await deps.db.transaction(async (tx) => {
    const candidates = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select f.id from ${files} f
        where f.purpose = 'deal_image'
          and f.created_at <= ${uploadedBefore}::timestamptz
          and ${unreferenced(sql`f.id`)}
        order by f.created_at
        limit ${ORPHAN_DEAL_IMAGE_BATCH}
        for update skip locked`),
    );
    const ids = candidates.map((row) => row.id);
    return ids.length === 0 ? [] : deleteUnreferenced(tx, ids);
  });
  const results = await Promise.allSettled(deleted.map((row) => deps.files.delete(row.storageKey)));
  const failed = deleted.filter((_, index) => results[index]?.status === "rejected").map((row) => row.storageKey);
  if (failed.length > 0) {
    const reasons = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    throw new AggregateError(
      reasons,
      `deleted ${deleted.length} orphan deal image rows, but not the bytes of: ${failed.join(", ")}`,
    );
  }
  return deleted.length;
}

/**
 * Deletes the files of `ids` (locked by the caller's transaction) that are still unreferenced as this statement sees
 * them, returning their storage keys.
 */
export async function deleteUnreferenced(tx: Tx | Db, ids: string[]): Promise<{ storageKey: string }[]> {
  return rowsOf<{ storageKey: string }>(
    await tx.execute(sql`
      delete from ${files}
      where ${files.id} = any(${sql.param(ids)}::uuid[]) and ${unreferenced(files.id)}
      returning ${files.storageKey} as "storageKey"`),
  );
}
