import { REFUND_SECOND_APPROVAL_DEFAULT_CENTS, type RefundAwaitingApproval } from "@market/contracts";
import {
  and,
  applications,
  type Db,
  eq,
  inArray,
  PG_UNIQUE_VIOLATION,
  pgErrorOf,
  refundRequests,
  users,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import type { DeliveryResult } from "../applications/delivery";
import { decide } from "../applications/lifecycle/transitions";
import { applicationOfParty } from "../applications/parties";
import type { PaymentGateway } from "../payments/gateway";
import { auditAdminAction } from "./audit";
import { refund } from "./refund";

type Deps = { db: Db; clock: Clock; payments: PaymentGateway; refundApprovalThresholdCents?: number | undefined };

export const refundThresholdOf = (deps: Deps) =>
  deps.refundApprovalThresholdCents ?? REFUND_SECOND_APPROVAL_DEFAULT_CENTS;

/**
 * POST /admin/api/applications/{id}/refund under the two-person rule (issue 36, point 4): a refund of at most the
 * threshold is done at once (refund.ts); a larger one is recorded as a pending request, audited, for a second
 * admin to approve in the console, and nothing moves meanwhile. The request is checked as the refund would be
 * (the lifecycle table: paid, not released or refunded), so a request that could never execute is refused now.
 * Asking again while one is open answers the open request (one per hire: refund_requests_open_key).
 */
export async function refundOrRequest(
  deps: Deps,
  admin: { adminId: number; viewer: Viewer },
  input: { id: number; reason?: string | undefined },
): Promise<DeliveryResult | RefundAwaitingApproval> {
  const thresholdCents = refundThresholdOf(deps);
  const { application, role } = await applicationOfParty(deps.db, admin.viewer, input.id);
  if (application.paidAmountCents <= thresholdCents) return refund(deps, admin, input);
  const now = deps.clock.now();
  const decision = decide(application, "refund", { role, impersonating: true }, now);
  if (!decision.ok) fail(decision.reason, decision.message);
  const awaiting = (refundRequestId: number): RefundAwaitingApproval => ({
    status: "awaiting_second_approval",
    refundRequestId,
    amountCents: application.paidAmountCents,
    thresholdCents,
  });
  try {
    return await deps.db.transaction(async (tx) => {
      const [request] = await tx
        .insert(refundRequests)
        .values({
          applicationId: application.id,
          amountCents: application.paidAmountCents,
          requestedBy: admin.adminId,
          reason: input.reason ?? "",
          createdAt: now,
        })
        .returning({ id: refundRequests.id });
      if (!request) throw new Error("refund request not inserted");
      await auditAdminAction(tx, {
        adminId: admin.adminId,
        impersonatedUserId: admin.viewer.userId,
        action: "refund_request",
        targetType: "application",
        targetId: application.id,
        details: { refundRequestId: request.id, amountCents: application.paidAmountCents, thresholdCents },
        reason: input.reason ?? null,
        at: now,
      });
      return awaiting(request.id);
    });
  } catch (error) {
    if (pgErrorOf(error)?.code !== PG_UNIQUE_VIOLATION) throw error;
    const [open] = await deps.db
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(
        and(eq(refundRequests.applicationId, application.id), inArray(refundRequests.status, ["pending", "approved"])),
      )
      .limit(1);
    if (!open) throw error;
    return awaiting(open.id);
  }
}

/**
 * A second admin approves a pending request and the refund executes (refund.ts, acting for the hire's brand with
 * the approver as the admin): pending -> approved under the row lock (so of two approvals at once one goes on, the
 * other is told conflict), the refund, then executed with the approval audited. The requester cannot approve their
 * own request (forbidden; the table's check says so too). A refund that fails puts the request back to pending,
 * with the provider's answer as the error, for another try.
 */
export async function approveRefundRequest(
  deps: Deps,
  approverId: number,
  input: { id: number; reason?: string | undefined },
): Promise<{ id: number; status: "executed"; application: DeliveryResult }> {
  const claimed = await deps.db.transaction(async (tx) => {
    const [request] = await tx.select().from(refundRequests).where(eq(refundRequests.id, input.id)).for("update");
    if (!request) fail("not_found", "No refund request has this id.");
    if (request.requestedBy === approverId) fail("forbidden", "A second admin must approve your own request.");
    if (request.status !== "pending") fail("conflict", `This request is ${request.status} already.`);
    await tx
      .update(refundRequests)
      .set({
        status: "approved",
        decidedBy: approverId,
        decisionReason: input.reason ?? null,
        decidedAt: deps.clock.now(),
      })
      .where(eq(refundRequests.id, request.id));
    return request;
  });
  const brand = await brandViewerOf(deps.db, claimed.applicationId, approverId);
  let result: DeliveryResult;
  try {
    result = await refund(deps, { adminId: approverId, viewer: brand }, { id: claimed.applicationId });
  } catch (error) {
    await deps.db
      .update(refundRequests)
      .set({ status: "pending", decidedBy: null, decisionReason: null, decidedAt: null })
      .where(and(eq(refundRequests.id, claimed.id), eq(refundRequests.status, "approved")));
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await tx
      .update(refundRequests)
      .set({ status: "executed", decidedAt: now })
      .where(eq(refundRequests.id, claimed.id));
    await auditAdminAction(tx, {
      adminId: approverId,
      impersonatedUserId: null,
      action: "refund_approve",
      targetType: "refund_request",
      targetId: claimed.id,
      details: {
        applicationId: claimed.applicationId,
        amountCents: claimed.amountCents,
        requestedBy: claimed.requestedBy,
      },
      reason: input.reason ?? null,
      at: now,
    });
  });
  return { id: claimed.id, status: "executed", application: result };
}

/** An admin (the requester too, withdrawing it) rejects a pending request with a reason; nothing moves. Audited. */
export async function rejectRefundRequest(
  deps: { db: Db; clock: Clock },
  adminId: number,
  input: { id: number; reason: string },
): Promise<{ id: number; status: "rejected" }> {
  return deps.db.transaction(async (tx) => {
    const [request] = await tx.select().from(refundRequests).where(eq(refundRequests.id, input.id)).for("update");
    if (!request) fail("not_found", "No refund request has this id.");
    if (request.status !== "pending") fail("conflict", `This request is ${request.status} already.`);
    const now = deps.clock.now();
    await tx
      .update(refundRequests)
      .set({
        status: "rejected",
        decidedBy: adminId === request.requestedBy ? null : adminId,
        decisionReason: input.reason,
        decidedAt: now,
      })
      .where(eq(refundRequests.id, request.id));
    await auditAdminAction(tx, {
      adminId,
      impersonatedUserId: null,
      action: "refund_reject",
      targetType: "refund_request",
      targetId: request.id,
      details: {
        applicationId: request.applicationId,
        amountCents: request.amountCents,
        requestedBy: request.requestedBy,
      },
      reason: input.reason,
      at: now,
    });
    return { id: request.id, status: "rejected" as const };
  });
}

/**
 * The refund acts for the hire's brand, the approving admin behind it, as an impersonating admin's refund does:
 * the lifecycle table's refund is the impersonator's, and the chat's refund line and the audit carry the admin.
 */
async function brandViewerOf(db: Db, applicationId: number, adminId: number): Promise<Viewer> {
  const [row] = await db
    .select({ userId: users.id, username: users.username })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.brandId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  if (!row) fail("not_found");
  return { sessionId: "", userId: row.userId, kind: "brand", username: row.username, impersonatorId: adminId };
}
