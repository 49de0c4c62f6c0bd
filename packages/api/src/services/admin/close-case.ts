import { and, arbitrationRequests, type Db, eq, isNull } from "@market/db";
import type { Clock } from "../../clock";
import { type DeliveryResult, deliveryResult } from "../applications/delivery";
import { applyAction } from "../applications/lifecycle/apply-action";
import { type AdminOnCase, auditAdminAction, auditedActingAs } from "./audit";

/**
 * POST /admin/api/applications/{id}/close-case (beyond the spec): an impersonating admin closes the arbitration case
 * of an application, from its page: the brand's contest and every open request for arbitration are settled
 * (resolved_at), and a release countdown they paused resumes with the time that was left. The chat gets the
 * platform's case_closed line (with the new release date when the countdown resumed), both parties are notified,
 * and the admin audit log records it, all in one transaction under the row lock. Reasons: not_found, forbidden (not
 * impersonating), conflict (no open case).
 */
export async function closeCase(
  deps: { db: Db; clock: Clock },
  admin: AdminOnCase,
  input: { id: number },
): Promise<DeliveryResult> {
  return applyAction(deps, admin.viewer, input.id, "closeCase", async ({ tx, application, now, postMessage }) => {
    const resolved = await tx
      .update(arbitrationRequests)
      .set({ resolvedAt: now })
      .where(and(eq(arbitrationRequests.applicationId, application.id), isNull(arbitrationRequests.resolvedAt)))
      .returning({ id: arbitrationRequests.id });
    const result = await deliveryResult(tx, application.id, now);
    const resumed = application.status === "PROGRESS" && application.releaseRemainingMs !== null;
    const releaseDate = resumed ? result.moneyReleaseDate : null;
    await postMessage({
      payload: { type: "case_closed", moneyReleaseDate: releaseDate?.toISOString() ?? null },
      text: admin.reason ?? undefined,
    });
    await auditAdminAction(tx, {
      adminId: admin.adminId,
      impersonatedUserId: auditedActingAs(admin),
      action: "close_case",
      targetType: "application",
      targetId: application.id,
      details: {
        requests: resolved.map((request) => request.id).sort((a, b) => a - b),
        contested: application.contestedAt !== null,
        resumedWithMs: resumed ? application.releaseRemainingMs : null,
      },
      reason: admin.reason ?? null,
      at: now,
    });
    return result;
  });
}
