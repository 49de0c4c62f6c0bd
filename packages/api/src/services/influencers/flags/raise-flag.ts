import { FLAG_REASON_LABELS, type FlagReason } from "@market/contracts";
import { and, eq, influencerFlags, influencerProfiles, isNull, type Tx } from "@market/db";
import { auditAdminAction } from "../../admin/audit";
import { notify } from "../../notifications/notify";
import { flaggedText } from "./flag-texts";

export interface FlagBy {
  adminId: number;
  /** The user the admin was acting as (the impersonating path), or null from the console. */
  impersonatedUserId: number | null;
}

/** The influencer's profile, locked: every change of their flag goes through it, one at a time. */
export async function lockInfluencer(tx: Tx, influencerId: number) {
  const [row] = await tx
    .select({ id: influencerProfiles.userId, maybeFake: influencerProfiles.maybeFake })
    .from(influencerProfiles)
    .where(eq(influencerProfiles.userId, influencerId))
    .for("update");
  return row ?? null;
}

/** The influencer's standing flag (read under their profile's lock), or null. */
export async function standingFlag(tx: Tx, influencerId: number) {
  const [flag] = await tx
    .select()
    .from(influencerFlags)
    .where(and(eq(influencerFlags.influencerId, influencerId), isNull(influencerFlags.liftedAt)));
  return flag ?? null;
}

/**
 * Flags a locked influencer with no standing flag: the flag row, maybe_fake set, the influencer notified and the
 * action audited, all in the caller's transaction. The caller mails them after the commit (flaggedText).
 */
export async function raiseFlag(
  tx: Tx,
  by: FlagBy,
  input: { influencerId: number; reason: FlagReason; note: string; now: Date },
): Promise<number> {
  const [flag] = await tx
    .insert(influencerFlags)
    .values({
      influencerId: input.influencerId,
      reason: input.reason,
      note: input.note,
      flaggedAt: input.now,
      flaggedBy: by.adminId,
    })
    .returning({ id: influencerFlags.id });
  if (!flag) throw new Error("flag not inserted");
  await tx
    .update(influencerProfiles)
    .set({ maybeFake: true, updatedAt: input.now })
    .where(eq(influencerProfiles.userId, input.influencerId));
  await auditAdminAction(tx, {
    adminId: by.adminId,
    impersonatedUserId: by.impersonatedUserId,
    action: "influencer_flag",
    targetType: "influencer",
    targetId: input.influencerId,
    details: { from: "GOOD", to: "FAKE", flagId: flag.id, flagReason: input.reason },
    reason: input.note ? `${FLAG_REASON_LABELS[input.reason]}: ${input.note}` : FLAG_REASON_LABELS[input.reason],
    at: input.now,
  });
  await notify(tx, [
    { userId: input.influencerId, type: "flagged", text: flaggedText(input.reason, input.note), createdAt: input.now },
  ]);
  return flag.id;
}

/** Ends a standing flag (an appeal lifted it, or an admin's OK): maybe_fake cleared with it. */
export async function liftFlag(tx: Tx, influencerId: number, now: Date): Promise<void> {
  await tx
    .update(influencerFlags)
    .set({ liftedAt: now })
    .where(and(eq(influencerFlags.influencerId, influencerId), isNull(influencerFlags.liftedAt)));
  await tx
    .update(influencerProfiles)
    .set({ maybeFake: false, updatedAt: now })
    .where(eq(influencerProfiles.userId, influencerId));
}
