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
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_admin_created_idx").on(t.adminId, t.createdAt),
    index("admin_audit_log_target_idx").on(t.targetType, t.targetId),
    index("admin_audit_log_impersonated_user_id_idx").on(t.impersonatedUserId),
  ],
);

export type AdminAuditEntry = typeof adminAuditLog.$inferSelect;
export type NewAdminAuditEntry = typeof adminAuditLog.$inferInsert;
