import type { DealView, ReviewDealInput } from "@market/contracts";
import type { Viewer } from "../../viewer";
import { decideDealReview, type ReviewDeps } from "./decide-review";
import { getDeal } from "./read-deals";

/**
 * POST /admin/api/deals/{id}/ok|ko (spec section 4): the review by an admin impersonating a user, without a reason
 * (decide-review.ts; the console's review asks for one). The answer is the deal as the impersonated user's page shows
 * it (GET /api/deals/{id}), so for an influencer with their own application on it.
 */
export async function reviewDeal(
  deps: ReviewDeps,
  admin: { adminId: number; viewer: Viewer },
  input: ReviewDealInput,
): Promise<DealView> {
  await decideDealReview(deps, {
    adminId: admin.adminId,
    actingAsId: admin.viewer.userId,
    dealId: input.id,
    decision: input.decision,
    reason: null,
  });
  return getDeal(deps, admin.viewer, input.id);
}
