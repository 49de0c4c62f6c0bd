import { REFUND_REQUEST_STATUSES } from "@market/contracts";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { createdAt, oneOf, tstz } from "./helpers";
import { users } from "./users";

/** Every admin action (reviews, flags, refunds, impersonation), kept for accountability. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    impersonatedUserId: integer("impersonated_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** Why, in the admin's words (issue 36: impersonation, reviews, flags, refunds and case decisions ask for one). */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    // The console's audit view pages newest first by (created_at, id), whole or by admin or action (issue 36).
    index("admin_audit_log_created_idx").on(t.createdAt, t.id),
    index("admin_audit_log_admin_created_idx").on(t.adminId, t.createdAt, t.id),
    index("admin_audit_log_action_created_idx").on(t.action, t.createdAt, t.id),
    index("admin_audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt, t.id),
    index("admin_audit_log_impersonated_user_id_idx").on(t.impersonatedUserId),
  ],
);

export type AdminAuditEntry = typeof adminAuditLog.$inferSelect;
export type NewAdminAuditEntry = typeof adminAuditLog.$inferInsert;

/**
 * The two-person rule (issue 36, point 4): a refund above the threshold waits here for a second admin. Its row is
 * the request; approving executes the refund (services/admin/refund.ts) and marks it executed. At most one
 * request per hire is pending or approved at a time (the partial unique index), so two admins asking at once make
 * one request.
 */
export const refundRequests = pgTable(
  "refund_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: REFUND_REQUEST_STATUSES }).notNull().default("pending"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "restrict" }),
    decisionReason: text("decision_reason"),
    decidedAt: tstz("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("refund_requests_status_check", oneOf(t.status, REFUND_REQUEST_STATUSES)),
    check("refund_requests_second_admin_check", sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
    // The queue: a status's requests oldest first.
    index("refund_requests_status_created_idx").on(t.status, t.createdAt, t.id),
    // Every foreign key leads an index (an admin's rows, were an account ever deleted).
    index("refund_requests_requested_by_idx").on(t.requestedBy),
    index("refund_requests_decided_by_idx").on(t.decidedBy),
    uniqueIndex("refund_requests_open_key").on(t.applicationId).where(sql`${t.status} in ('pending', 'approved')`),
  ],
);

export type RefundRequest = typeof refundRequests.$inferSelect;
