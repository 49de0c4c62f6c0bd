import type { ReviewDealInput } from "@market/contracts";
import { and, type Db, deals, eq, isNull, users } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { auditAdminAction } from "../admin/audit";
import type { Mailer } from "../mail/mailer";
import { notify } from "../notifications/notify";
import { type ReviewedDeal, reviewMail } from "./review-mail";

/** One admin's review of one deal, from either path: impersonating the brand, or the console in their own session. */
export interface ReviewDecisionRequest {
  adminId: number;
  /** The user the admin acts as (the impersonating path); null from the console. */
  actingAsId: number | null;
  dealId: number;
  decision: ReviewDealInput["decision"];
  /** Why, in the admin's words: the brand reads a rejection's (mail, notification, campaign page); the audit keeps it. */
  reason: string | null;
}

export type ReviewDeps = { db: Db; clock: Clock; mailer: Mailer; publicUrl: string };

/**
 * The deal review (spec section 4; issue 36): approve (OK) from NONE or KO, reject (KO) from NONE or OK. The decision
 * the deal already has is refused with conflict (the admin's screen is stale) and not audited. The change (with the
 * rejection's reason on the deal, cleared by an approval), its audit row and the brand's deal_review notification
 * (carrying the reason as its text) are written together under the deal's row lock, with the brand's mail of the
 * decision and its reason (queued: the mail job sends it once this commits): the notification is marked mailed at
 * once, so that the digest does not tell it a second time. A mail that cannot be delivered is retried and stays in
 * outgoing_mail with its error; it never undoes the decision (the notification and the campaign page say the same).
 */
export async function decideDealReview(deps: ReviewDeps, request: ReviewDecisionRequest): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [deal] = await tx
      .select({
        id: deals.id,
        title: deals.title,
        brandId: deals.userId,
        reviewStatus: deals.reviewStatus,
        email: users.email,
        username: users.username,
      })
      .from(deals)
      .innerJoin(users, eq(users.id, deals.userId))
      .where(and(eq(deals.id, request.dealId), isNull(deals.deletedAt)))
      .for("update", { of: deals });
    if (!deal) fail("not_found");
    if (deal.reviewStatus === request.decision) fail("conflict");
    const now = deps.clock.now();
    const reason = request.decision === "KO" ? request.reason : null;
    await tx.update(deals).set({ reviewStatus: request.decision, reviewReason: reason }).where(eq(deals.id, deal.id));
    await auditAdminAction(tx, {
      adminId: request.adminId,
      impersonatedUserId: request.actingAsId,
      action: "deal_review",
      targetType: "deal",
      targetId: deal.id,
      details: { from: deal.reviewStatus, to: request.decision },
      reason: request.reason,
      at: now,
    });
    await notify(tx, [
      {
        userId: deal.brandId,
        type: "deal_review",
        dealId: deal.id,
        senderId: null,
        text: reason,
        createdAt: now,
        mailedAt: now,
      },
    ]);
    const reviewed: ReviewedDeal = { ...deal, decision: request.decision, reason };
    await deps.mailer.queue(tx, reviewMail(reviewed, deps.publicUrl));
  });
}
