import type { MyFlagView } from "@market/contracts";
import {
  and,
  type Db,
  eq,
  files,
  inArray,
  influencerFlagFiles,
  influencerFlags,
  isNull,
  notExists,
  sql,
} from "@market/db";
import type { Clock } from "../../../clock";
import { fail, failField } from "../../../errors";
import type { Viewer } from "../../../viewer";
import { getMyFlag } from "./my-flag";
import { lockInfluencer, standingFlag } from "./raise-flag";

/**
 * `account.appealFlag`: the influencer appeals their standing flag, once (issue 36, point 5), with a text and the
 * files they uploaded for it (POST /api/account/flag/files). The appeal joins the console's queue. Refused:
 * not_found without a standing flag, conflict when this flag was appealed already, invalid when a file is not one
 * of their unused appeal files.
 */
export async function appealFlag(
  deps: { db: Db; clock: Clock },
  viewer: Viewer,
  input: { text: string; fileIds: string[] },
): Promise<MyFlagView> {
  const now = deps.clock.now();
  const fileIds = [...new Set(input.fileIds.map((id) => id.toLowerCase()))];
  await deps.db.transaction(async (tx) => {
    if (!(await lockInfluencer(tx, viewer.userId))) fail("not_found");
    const flag = await standingFlag(tx, viewer.userId);
    if (!flag) fail("not_found", "Your profile is not flagged.");
    if (flag.appealedAt !== null) fail("conflict", "You have already appealed this flag.");
    if (fileIds.length > 0) {
      const usable = await tx
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            inArray(files.id, fileIds),
            eq(files.ownerId, viewer.userId),
            eq(files.purpose, "appeal_file"),
            notExists(
              tx.select({ one: sql`1` }).from(influencerFlagFiles).where(eq(influencerFlagFiles.fileId, files.id)),
            ),
          ),
        );
      if (usable.length !== fileIds.length) failField(["fileIds"], "Upload the files again.");
      await tx.insert(influencerFlagFiles).values(fileIds.map((fileId) => ({ flagId: flag.id, fileId })));
    }
    await tx
      .update(influencerFlags)
      .set({ appealText: input.text, appealedAt: now })
      .where(and(eq(influencerFlags.id, flag.id), isNull(influencerFlags.appealedAt)));
  });
  const view = await getMyFlag(deps.db, viewer.userId);
  if (!view) throw new Error("appealed flag not found");
  return view;
}
