import { and, applications, arbitrationRequests, type Db, desc, eq, isNull, paymentAttempts, sql } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { type DeliveryResult, deliveryResult } from "../applications/delivery";
import { applyAction } from "../applications/lifecycle/apply-action";
import { decide } from "../applications/lifecycle/transitions";
import { type ActingUser, applicationOfParty } from "../applications/parties";
import { hireMoneyOf } from "../ledger/hire-money";
import { type PaymentGateway, PaymentUnavailableError } from "../payments/gateway";
import { failUnavailable } from "../payments/unavailable";
import { type AdminOnCase, auditAdminAction, auditedActingAs } from "./audit";

/** One refund per application: a retried or concurrent refund is the provider's same refund. */
export const refundKeyOf = (applicationId: number) => `refund:application:${applicationId}`;

const REFUND_UNAVAILABLE_MESSAGE =
  "The payment provider cannot be reached: the refund is not done, and the hire stays on hold until it is refunded again.";

type RefundDeps = { db: Db; clock: Clock; payments: PaymentGateway };

/**
 * POST /admin/api/applications/{id}/refund (spec sections 1, 4 and 6): an impersonating admin gives the brand its
 * money back for a PROGRESS application, in three steps, as the gateway is never called inside a database
 * transaction (the embedded database has one connection, and a provider's answer must not hold a row lock):
 *
 * 1. Under the row lock, the lifecycle table's refund decides (forbidden, not_allowed_yet, closed), the paid
 *    intent is found, and the refund is marked under way (refund_requested_at): from then on no release, by the
 *    brand or the sweep, moves the escrow.
 * 2. The gateway refunds the intent in full, keyed by the application: a retry, or two admins at once, get the
 *    provider's same refund. A refusal clears the mark and answers payment_failed with the provider's words. The
 *    provider down or unreachable answers payment_unavailable (HTTP 503) and keeps the mark, as a crash would:
 *    whether it refunded is unknown, so the escrow must not be released meanwhile; nothing else is written.
 * 3. Under the row lock again, the table's refund writes: the ledger's refund (escrow -B, external:stripe +B),
 *    refundedAt, DENIED without a reason, the case settled (the contest and the requests for arbitration: the refund
 *    decides it), the platform's refund line in the chat, both parties notified (the brand of its money, the
 *    influencer that the hire ended) and the admin audit log.
 *
 * A crash between 2 and 3 leaves the mark: the hire stays unreleased until an admin refunds again, which finishes
 * under the same key. Reasons: not_found, forbidden (not impersonating), not_allowed_yet (not paid yet), closed
 * (released or refunded already), conflict (paid through another provider than the server's), payment_failed,
 * payment_unavailable.
 */
export async function refund(deps: RefundDeps, admin: AdminOnCase, input: { id: number }): Promise<DeliveryResult> {
  const claim = await claimRefund(deps, admin.viewer, input.id);
  let refundId: string;
  try {
    ({ refundId } = await deps.payments.refund({
      intentId: claim.intentId,
      amountCents: claim.amountCents,
      idempotencyKey: refundKeyOf(input.id),
    }));
  } catch (error) {
    if (error instanceof PaymentUnavailableError) failUnavailable(REFUND_UNAVAILABLE_MESSAGE);
    await deps.db
      .update(applications)
      .set({ refundRequestedAt: null, updatedAt: sql`${applications.updatedAt}` })
      .where(and(eq(applications.id, input.id), isNull(applications.refundedAt)));
    const message = error instanceof Error ? error.message : String(error);
    fail("payment_failed", `The refund failed: ${message}`);
  }
  return applyAction(deps, admin.viewer, input.id, "refund", async ({ tx, application, now, postMessage }) => {
    // B, what the brand paid and gets back: the runner's refund movement reads and checks the hire's figures.
    const refundedCents = application.paidAmountCents;
    await tx
      .update(paymentAttempts)
      .set({ providerRefundId: refundId, updatedAt: now })
      .where(eq(paymentAttempts.id, claim.attemptId));
    // The ledger's refund (escrow -B, external:stripe +B) is the table's movement, posted by the runner.
    const settled = await tx
      .update(arbitrationRequests)
      .set({ resolvedAt: now })
      .where(and(eq(arbitrationRequests.applicationId, application.id), isNull(arbitrationRequests.resolvedAt)))
      .returning({ id: arbitrationRequests.id });
    await tx
      .update(applications)
      .set({ refundedAt: now, refundRequestedAt: null, arbitrationOpenedAt: null, updatedAt: now })
      .where(eq(applications.id, application.id));
    await postMessage({ payload: { type: "refund", amountCents: refundedCents }, text: admin.reason ?? undefined });
    await auditAdminAction(tx, {
      adminId: admin.adminId,
      impersonatedUserId: auditedActingAs(admin),
      action: "refund",
      targetType: "application",
      targetId: application.id,
      details: {
        amountCents: refundedCents,
        provider: claim.provider,
        intentId: claim.intentId,
        refundId,
        settledRequests: settled.map((request) => request.id).sort((a, b) => a - b),
      },
      reason: admin.reason ?? null,
      at: now,
    });
    return deliveryResult(tx, application.id, now);
  });
}

/** Step 1: decides under the row lock, finds the paid intent and marks the refund under way. */
async function claimRefund(deps: RefundDeps, viewer: ActingUser, id: number) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { application, role } = await applicationOfParty(tx, viewer, id, "update");
    const decision = decide(application, "refund", { role, impersonating: viewer.impersonatorId !== null }, now);
    if (!decision.ok) fail(decision.reason, decision.message);
    const hire = await hireMoneyOf(tx, application);
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.applicationId, application.id), eq(paymentAttempts.status, "succeeded")))
      .orderBy(desc(paymentAttempts.id))
      .limit(1);
    if (!attempt?.providerIntentId)
      throw new Error(`application ${application.id} is paid without a succeeded attempt`);
    if (attempt.provider !== deps.payments.provider) {
      fail("conflict", `This hire was paid through ${attempt.provider}: refund it there.`);
    }
    if (!application.refundRequestedAt) {
      await tx
        .update(applications)
        .set({ refundRequestedAt: now, updatedAt: sql`${applications.updatedAt}` })
        .where(eq(applications.id, application.id));
    }
    return {
      attemptId: attempt.id,
      provider: attempt.provider,
      intentId: attempt.providerIntentId,
      amountCents: hire.brandCents,
    };
  });
}
