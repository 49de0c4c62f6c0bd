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
