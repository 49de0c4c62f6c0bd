import type { FlagDecision, FlagReason, MyFlagView } from "@market/contracts";
import { type Db, desc, eq, influencerFlags } from "@market/db";
import { appealFilesOf } from "./appeal-files";

/**
 * `account.flag`: the influencer's latest flag as their account shows it (issue 36, point 5): standing, or lifted
 * on appeal (they read the decision); null when never flagged, or when an admin's OK lifted it without an appeal.
 */
export async function getMyFlag(db: Db, influencerId: number): Promise<MyFlagView | null> {
  const [flag] = await db
    .select()
    .from(influencerFlags)
    .where(eq(influencerFlags.influencerId, influencerId))
    .orderBy(desc(influencerFlags.id))
    .limit(1);
  if (!flag) return null;
  const standing = flag.liftedAt === null;
  if (!standing && flag.decision === null) return null;
  const appeal =
    flag.appealText !== null && flag.appealedAt !== null
      ? { text: flag.appealText, at: flag.appealedAt.toISOString(), files: await appealFilesOf(db, flag.id) }
      : null;
  const decision =
    flag.decision !== null && flag.decidedAt !== null
      ? { decision: flag.decision as FlagDecision, reason: flag.decisionReason ?? "", at: flag.decidedAt.toISOString() }
      : null;
  return {
    id: flag.id,
    reason: flag.reason as FlagReason,
    note: flag.note,
    flaggedAt: flag.flaggedAt.toISOString(),
    standing,
    appeal,
    decision,
    canAppeal: standing && appeal === null,
  };
}
