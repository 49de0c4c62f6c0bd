import type { FlagInfluencerResult } from "@market/contracts";
import { type Db, eq, influencerProfiles } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { auditAdminAction } from "../admin/audit";
import { resolveInfluencerRef } from "./search-id";

/**
 * POST /admin/api/influencers/{id}/ok|ko (spec sections 4 and 6): KO sets maybeFake (FAKE), OK clears it
 * (GOOD). Repeating the current decision is allowed (idempotent) and audited like any other. The change
 * and its audit row are written in one transaction.
 */
export async function flagInfluencer(
  deps: { db: Db; clock: Clock; searchIdSecret: string },
  admin: { adminId: number; impersonatedUserId: number },
  input: { id: number | string; decision: "OK" | "KO" },
): Promise<FlagInfluencerResult> {
  const resolved = resolveInfluencerRef(deps.searchIdSecret, input.id);
  if (!resolved) fail("not_found");
  const maybeFake = input.decision === "KO";
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: influencerProfiles.userId, maybeFake: influencerProfiles.maybeFake })
      .from(influencerProfiles)
      .where(eq(influencerProfiles.userId, resolved.userId))
      .for("update");
    if (!before) fail("not_found");
    await tx
      .update(influencerProfiles)
      .set({ maybeFake, updatedAt: now })
      .where(eq(influencerProfiles.userId, before.id));
    await auditAdminAction(tx, {
      adminId: admin.adminId,
      impersonatedUserId: admin.impersonatedUserId,
      action: "influencer_flag",
      targetType: "influencer",
      targetId: before.id,
      details: { from: before.maybeFake ? "FAKE" : "GOOD", to: maybeFake ? "FAKE" : "GOOD" },
      at: now,
    });
    return { id: before.id, status: maybeFake ? "FAKE" : "GOOD" };
  });
}
