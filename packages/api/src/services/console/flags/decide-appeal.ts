import type { FlagDecision } from "@market/contracts";
import { type Db, eq, influencerFlags } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { auditAdminAction } from "../../admin/audit";
import { appealDecidedMail, decisionText } from "../../influencers/flags/flag-texts";
import { liftFlag, lockInfluencer } from "../../influencers/flags/raise-flag";
import { mailInfluencer } from "../../influencers/flags/tell-influencer";
import type { Mailer } from "../../mail/mailer";
import { notify } from "../../notifications/notify";
import { getFlag } from "./get-flag";

/**
 * `admin.console.flags.decide` (issue 36, point 5): an admin answers an appeal awaiting a decision: `uphold` keeps
 * the flag, `lift` ends it (maybeFake false, brands stop seeing the warning). The decision and its reason are told
 * to the influencer (notification and queued mail in the transaction, and on their account), and audited. Under the
 * influencer's profile lock, so two admins deciding at once answer once: the second gets conflict.
 */
export async function decideAppeal(
  deps: { db: Db; clock: Clock; mailer: Mailer },
  adminId: number,
  input: { flagId: number; decision: FlagDecision; reason: string },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ influencerId: influencerFlags.influencerId })
      .from(influencerFlags)
      .where(eq(influencerFlags.id, input.flagId));
    if (!target) fail("not_found");
    await lockInfluencer(tx, target.influencerId);
    const [flag] = await tx.select().from(influencerFlags).where(eq(influencerFlags.id, input.flagId)).for("update");
    if (!flag) fail("not_found");
    if (flag.appealedAt === null) fail("conflict", "This flag has no appeal to decide.");
    if (flag.decidedAt !== null) fail("conflict", "This appeal was decided already.");
    if (flag.liftedAt !== null) fail("conflict", "This flag was lifted already.");
    await tx
      .update(influencerFlags)
      .set({ decision: input.decision, decisionReason: input.reason, decidedAt: now, decidedBy: adminId })
      .where(eq(influencerFlags.id, flag.id));
    if (input.decision === "lift") await liftFlag(tx, flag.influencerId, now);
    await auditAdminAction(tx, {
      adminId,
      impersonatedUserId: null,
      action: "flag_appeal",
      targetType: "influencer",
      targetId: flag.influencerId,
      details: { flagId: flag.id, decision: input.decision, to: input.decision === "lift" ? "GOOD" : "FAKE" },
      reason: input.reason,
      at: now,
    });
    const text = decisionText(input.decision, input.reason);
    await notify(tx, [{ userId: flag.influencerId, type: "appeal_decided", text, createdAt: now }]);
    await mailInfluencer(deps, tx, flag.influencerId, (to, username) => appealDecidedMail(to, username, text));
  });
  return getFlag(deps, input.flagId);
}
