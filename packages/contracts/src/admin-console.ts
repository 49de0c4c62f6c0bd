import { z } from "zod";
import { rowId } from "./ids";

/**
 * The operator's console (issue 36). Every decision an admin takes there carries a reason: the parties read it
 * (a rejected deal's brand, a flagged influencer, a case's two parties) and the audit log keeps it.
 */
export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 1000;

/** An admin's reason: trimmed, 3 to 1,000 characters. */
export const adminReason = z.string().trim().min(ADMIN_REASON_MIN).max(ADMIN_REASON_MAX);

/** Rows of a console list's page. */
export const CONSOLE_PAGE_SIZE = 50;

/**
 * A console list's keyset cursor, `<microseconds>.<id>` of the last row: lists page by (time, id), never by offset
 * (100,000 users, 1,000,000 audit rows). Opaque to the client: it passes back the page's nextCursor.
 */
export const consoleCursor = z
  .string()
  .regex(/^\d{1,16}\.\d{1,19}$/)
  .optional();

/** The audit log's actions (services/admin/audit.ts writes them); the view filters by one. */
export const auditAction = z.string().regex(/^[a-z_]{1,40}$/);

/** The audit view's filters (GET /admin/api/audit and the console's audit screen); newest first. */
export const auditListInput = z.object({
  action: auditAction.optional(),
  /** The admin who acted. */
  adminId: rowId.optional(),
  /** The user the action concerned: acted as, or its object when the object is a user. */
  userId: rowId.optional(),
  targetType: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  targetId: z.string().min(1).max(40).optional(),
  /** From this instant on (inclusive), and before this one (exclusive). */
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  cursor: consoleCursor,
});
export type AuditListInput = z.infer<typeof auditListInput>;

export interface AuditEntryView {
  id: number;
  at: string;
  action: string;
  admin: { id: number; username: string };
  /** The user the admin was acting as, if any. */
  actingAs: { id: number; username: string } | null;
  targetType: string | null;
  targetId: string | null;
  reason: string | null;
  details: Record<string, unknown> | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  nextCursor: string | null;
}
