import { ACCOUNT_KINDS } from "@market/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, oneOf, tstz, updatedAt } from "./helpers";

/**
 * Accounts of brands and influencers. The id is a small identity integer on purpose: the web tells a
 * search-result link (id longer than 10 characters) from a plain profile id by its length.
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ACCOUNT_KINDS }).notNull(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** A stored file id or an external URL (e.g. an OAuth avatar); null shows the default picture. */
    picture: text("picture"),
    isAdmin: boolean("is_admin").notNull().default(false),
    hasSeenOnboarding: boolean("has_seen_onboarding").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: tstz("last_login_at"),
  },
  (t) => [
    // Case-insensitive uniqueness: "Alice" and "alice" are the same login.
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_kind_check", oneOf(t.kind, ACCOUNT_KINDS)),
    // The console's user search (issue 36): newest first by (created_at, id), whole or by kind; an email's or a
    // username's start as a prefix range (text_pattern_ops serves LIKE 'abc%' whatever the collation).
    index("users_created_idx").on(t.createdAt, t.id),
    index("users_kind_created_idx").on(t.kind, t.createdAt, t.id),
    index("users_email_lower_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    index("users_username_lower_prefix_idx").on(sql`lower(${t.username}) text_pattern_ops`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
