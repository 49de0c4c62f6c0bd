import { bigint, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./helpers";
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
