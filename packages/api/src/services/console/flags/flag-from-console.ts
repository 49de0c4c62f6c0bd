import type { FlagReason, FlagResult } from "@market/contracts";
import { type Db, eq, sql, users } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { flaggedMail, flaggedText } from "../../influencers/flags/flag-texts";
import { lockInfluencer, raiseFlag, standingFlag } from "../../influencers/flags/raise-flag";
import { mailInfluencer } from "../../influencers/flags/tell-influencer";
import type { Mailer } from "../../mail/mailer";

/** The influencer's id from an id or a username (any case); null when no such user. */
async function influencerIdOf(db: Db, ref: number | string): Promise<number | null> {
  if (typeof ref === "number") return ref;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, ref.toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}

/**
 * `admin.console.flags.flag` (issue 36, point 5): an admin in their own session flags an influencer FAKE with a
 * reason and a note. The influencer is notified and mailed (queued) in the transaction; the action is audited.
 * Refused: not_found (no such influencer), conflict (a flag already stands: answer its appeal, or lift it first).
 */
export async function flagFromConsole(
  deps: { db: Db; clock: Clock; mailer: Mailer },
  adminId: number,
  input: { influencer: number | string; reason: FlagReason; note: string },
): Promise<FlagResult> {
  const influencerId = await influencerIdOf(deps.db, input.influencer);
  if (influencerId === null) fail("not_found", "No influencer goes by this id or username.");
  const now = deps.clock.now();
  const flagId = await deps.db.transaction(async (tx) => {
    if (!(await lockInfluencer(tx, influencerId))) fail("not_found", "No influencer goes by this id or username.");
    if (await standingFlag(tx, influencerId)) fail("conflict", "This influencer is already flagged.");
    const by = { adminId, impersonatedUserId: null };
    const raised = await raiseFlag(tx, by, { influencerId, reason: input.reason, note: input.note, now });
    const text = flaggedText(input.reason, input.note);
    await mailInfluencer(deps, tx, influencerId, (to, username) => flaggedMail(to, username, text));
    return raised;
  });
  return { flagId, influencerId, status: "FAKE" };
}
