import { adminAuditLog, type Db } from "@market/db";

export interface AdminAction {
  adminId: number;
  /** The user the admin was acting as, if any. */
  impersonatedUserId: number | null;
  /** e.g. impersonate, stop_impersonating, deal_review, influencer_flag, refund. */
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  details?: Record<string, unknown> | null;
  /** Why, in the admin's words, where the action asks for one. */
  reason?: string | null;
  /** The injected clock's time. */
  at: Date;
}

/** Writes one row of the admin audit log; call it in the transaction of the action it records. */
export async function auditAdminAction(db: Db, entry: AdminAction): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: entry.adminId,
    impersonatedUserId: entry.impersonatedUserId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    details: entry.details ?? null,
    reason: entry.reason ?? null,
    createdAt: entry.at,
  });
}

/**
 * An admin deciding a hire's case. Either impersonating a party (`viewer` is that user's session: the chat line and
 * the audit name the user acted as), or from the console in their own session (issue 36): `viewer` is then the
 * brand's side taken by the admin ({ userId: brandId, impersonatorId: adminId }), the decision carries the `reason`
 * both parties read, and the audit records that the admin acted as nobody.
 */
export interface AdminOnCase {
  adminId: number;
  viewer: { userId: number; impersonatorId: number | null };
  /** The console's decisions: the admin's reason (the chat line's text, the audit's reason). */
  reason?: string | null;
  /** From the console: the admin was not impersonating anyone. */
  fromConsole?: boolean;
}

/** The audit's "acting as" of a case decision: the user impersonated, none from the console. */
export const auditedActingAs = (admin: AdminOnCase): number | null => (admin.fromConsole ? null : admin.viewer.userId);
