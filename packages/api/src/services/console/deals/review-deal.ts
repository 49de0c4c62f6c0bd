import type { ConsoleReviewDealInput } from "@market/contracts";
import { decideDealReview, type ReviewDeps } from "../../deals/decide-review";

/**
 * The console's review of a deal (issue 36, point 2), by an admin in their own session: the same review as the
 * impersonating path's (decide-review.ts), with the admin's reason, which a rejection requires and the brand reads.
 */
export async function consoleReviewDeal(
  deps: ReviewDeps,
  admin: { adminId: number },
  input: ConsoleReviewDealInput,
): Promise<{ id: number; decision: ConsoleReviewDealInput["decision"] }> {
  await decideDealReview(deps, {
    adminId: admin.adminId,
    actingAsId: null,
    dealId: input.id,
    decision: input.decision,
    reason: input.reason ?? null,
  });
  return { id: input.id, decision: input.decision };
}
