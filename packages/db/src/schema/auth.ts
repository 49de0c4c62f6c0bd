import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bytea, createdAt, tstz } from "./helpers";
import { users } from "./users";

/**
 * Lucia-style sessions: the cookie carries `id.secret`; only SHA-256 of the secret is stored.
 * expires_at is last_verified_at plus the inactivity timeout, kept so a sweep can delete by index.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    secretHash: bytea("secret_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The admin acting as user_id; null for the user's own session. */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastVerifiedAt: tstz("last_verified_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_impersonator_id_idx").on(t.impersonatorId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

/** Reset links carry a random token; only its SHA-256 is stored, so a leaked table cannot reset passwords. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: bytea("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/** Fixed-window counters shared by every instance (login, reset, signup throttling). */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: text("key").notNull(),
    windowStart: tstz("window_start").notNull(),
    count: integer("count").notNull().default(0),
    /** When the count last grew: a limit with growing delays waits from there. */
    lastAt: tstz("last_at"),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_buckets_window_idx").on(t.windowStart)],
);

/**
 * The networks (an IPv4 /24, an IPv6 /64) each user signed in from, with the last time: the login treats them as
 * the owner's own and never delays them for failures that came from elsewhere. Swept once too old to count.
 */
export const loginSources = pgTable(
  "login_sources",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    lastSuccessAt: tstz("last_success_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.source] }),
    index("login_sources_last_success_at_idx").on(t.lastSuccessAt),
  ],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
