import { computeDealStatus, type InviteResult, takesInvitations } from "@market/contracts";
import { and, type Db, deals, eq, inArray, influencerProfiles, invitations, isNull } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { notify } from "../notifications/notify";
import { resolveInfluencerRef } from "./search-id";

/**
 * POST /api/influencers/invite (spec sections 2 and 4): a brand invites an influencer to some of its campaigns.
 *
 * - The influencer (numeric or search id) must exist, else not_found.
 * - Usable campaigns are the caller's own, not deleted, OPEN ones (computeDealStatus with the clock); ids of
 *   other brands' campaigns, deleted, paused or closed ones are ignored. None usable -> no_campaigns.
 * - Decision on "an invitation to an unapproved campaign may fail" (takesInvitations): only campaigns an admin
 *   approved (reviewStatus OK) can be invited to; a usable campaign still to review (NONE) or rejected (KO) fails
 *   the whole request with not_approved, and nothing is recorded.
 * - Inviting twice is a no-op (primary key deal + influencer); the influencer gets one `invitation`
 *   notification per new invitation (dealId, senderId = the brand), in the same transaction.
 */
export async function inviteInfluencer(
  deps: { db: Db; clock: Clock; searchIdSecret: string },
  brandId: number,
  input: { id: number | string; campaigns: number[] },
): Promise<InviteResult> {
  const resolved = resolveInfluencerRef(deps.searchIdSecret, input.id);
  if (!resolved) fail("not_found");
  const now = deps.clock.now();

  return deps.db.transaction(async (tx) => {
    const [influencer] = await tx
      .select({ id: influencerProfiles.userId })
      .from(influencerProfiles)
      .where(eq(influencerProfiles.userId, resolved.userId));
    if (!influencer) fail("not_found");

    const owned = await tx
      .select({ id: deals.id, deadline: deals.deadline, paused: deals.paused, reviewStatus: deals.reviewStatus })
      .from(deals)
      .where(and(inArray(deals.id, [...new Set(input.campaigns)]), eq(deals.userId, brandId), isNull(deals.deletedAt)));
    const usable = owned.filter((deal) => computeDealStatus(deal, now) === "open");
    if (usable.length === 0) fail("no_campaigns");
    if (!usable.every((deal) => takesInvitations(deal.reviewStatus))) fail("not_approved");

    const created = await tx
      .insert(invitations)
      .values(usable.map((deal) => ({ dealId: deal.id, influencerId: influencer.id, brandId, createdAt: now })))
      .onConflictDoNothing()
      .returning({ dealId: invitations.dealId });
    if (created.length > 0) {
      await notify(
        tx,
        created.map(({ dealId }) => ({
          userId: influencer.id,
          type: "invitation" as const,
          dealId,
          senderId: brandId,
          createdAt: now,
        })),
      );
    }
    return { invited: usable.map((deal) => deal.id).sort((a, b) => a - b) };
  });
}
