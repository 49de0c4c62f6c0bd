import type { FlagInfluencerResult, FlagReason } from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { auditAdminAction } from "../admin/audit";
import type { Mailer } from "../mail/mailer";
import { flaggedMail, flaggedText } from "./flags/flag-texts";
import { liftFlag, lockInfluencer, raiseFlag, standingFlag } from "./flags/raise-flag";
import { mailInfluencer } from "./flags/tell-influencer";
import { resolveInfluencerRef } from "./search-id";

/**
 * POST /admin/api/influencers/{id}/ok|ko (spec sections 4 and 6), the impersonating admin's box: KO flags the
 * influencer FAKE with a reason and note (issue 36; `other` and none when the body has none), told to them by
 * notification and mail; OK lifts the standing flag (GOOD). Repeating the current decision changes nothing and is
 * audited like any other. The change and its audit row are written in one transaction.
 */
export async function flagInfluencer(
  deps: { db: Db; clock: Clock; searchIdSecret: string; mailer: Mailer },
  admin: { adminId: number; impersonatedUserId: number },
  input: { id: number | string; decision: "OK" | "KO"; reason: FlagReason; note: string },
): Promise<FlagInfluencerResult> {
  const resolved = resolveInfluencerRef(deps.searchIdSecret, input.id);
  if (!resolved) fail("not_found");
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const before = await lockInfluencer(tx, resolved.userId);
    if (!before) fail("not_found");
    const standing = await standingFlag(tx, before.id);
    const by = { adminId: admin.adminId, impersonatedUserId: admin.impersonatedUserId };
    if (input.decision === "KO" && !standing) {
      await raiseFlag(tx, by, { influencerId: before.id, reason: input.reason, note: input.note, now });
      const text = flaggedText(input.reason, input.note);
      await mailInfluencer(deps, tx, before.id, (to, username) => flaggedMail(to, username, text));
      return { id: before.id, fake: true };
    }
    if (input.decision === "OK" && (standing || before.maybeFake)) await liftFlag(tx, before.id, now);
    const fake = input.decision === "KO";
    await auditAdminAction(tx, {
      ...by,
      action: "influencer_flag",
      targetType: "influencer",
      targetId: before.id,
      details: { from: before.maybeFake ? "FAKE" : "GOOD", to: fake ? "FAKE" : "GOOD" },
      at: now,
    });
    return { id: before.id, fake };
  });
  return { id: outcome.id, status: outcome.fake ? "FAKE" : "GOOD" };
}
