import type { DealView, ReviewDealInput } from "@market/contracts";
import { and, type Db, deals, eq, isNull } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { auditAdminAction } from "../admin/audit";
import { notify } from "../notifications/notify";
import { getDeal } from "./read-deals";

/**
 * POST /admin/api/deals/{id}/ok|ko (spec section 4): approve (OK) from NONE or KO, reject (KO) from NONE or OK.
 * The decision the deal already has is refused with conflict (the admin's screen is stale) and not audited.
 * The change, its audit row and the notification to the deal's brand (from the platform, no sender) are written
 * together under the deal's row lock. The answer is the deal as the
 * impersonated user's page shows it (GET /api/deals/{id}), so for an influencer with their own application on it.
 */
export async function reviewDeal(
  deps: { db: Db; clock: Clock },
  admin: { adminId: number; viewer: Viewer },
  input: ReviewDealInput,
): Promise<DealView> {
  await deps.db.transaction(async (tx) => {
    const [deal] = await tx
      .select({ id: deals.id, brandId: deals.userId, reviewStatus: deals.reviewStatus })
      .from(deals)
      .where(and(eq(deals.id, input.id), isNull(deals.deletedAt)))
      .for("update");
    if (!deal) fail("not_found");
    if (deal.reviewStatus === input.decision) fail("conflict");
    const now = deps.clock.now();
    await tx.update(deals).set({ reviewStatus: input.decision }).where(eq(deals.id, deal.id));
    await auditAdminAction(tx, {
      adminId: admin.adminId,
      impersonatedUserId: admin.viewer.userId,
      action: "deal_review",
      targetType: "deal",
      targetId: deal.id,
      details: { from: deal.reviewStatus, to: input.decision },
      at: now,
    });
    await notify(tx, [{ userId: deal.brandId, type: "deal_review", dealId: deal.id, senderId: null, createdAt: now }]);
  });
  return getDeal(deps, admin.viewer, input.id);
}
