import { API_KEY_MODES, API_KEY_SCOPES } from "@market/contracts";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { allOf, bytea, createdAt, oneOf, tstz } from "./helpers";
import { users } from "./users";

/**
 * API keys (issue 39): a brand's or an influencer's keys for scripts. The key is shown once; the row keeps its public
 * id (which finds it) and only SHA-256 of its secret (256 random bits: no slow hash needed), compared in constant time.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    publicId: text("public_id").notNull(),
    secretHash: bytea("secret_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** `area:access` each (contracts' API_KEY_SCOPES). */
    scopes: text("scopes").array().notNull(),
    /** live or test: test keys are made while the server pays through its sandbox, and work only there. */
    mode: text("mode", { enum: API_KEY_MODES }).notNull(),
    createdAt: createdAt(),
    /** The owner's chosen end; null: until revoked. */
    expiresAt: tstz("expires_at"),
    /** When a roll ends this key (its successor works from the roll on); null unless rolled. */
    rollExpiresAt: tstz("roll_expires_at"),
    /** The key a roll made from this one. */
    replacedById: integer("replaced_by_id"),
    /** Written at most once a minute per key, after the request (api-keys/record-use.ts). */
    lastUsedAt: tstz("last_used_at"),
    lastUsedIp: text("last_used_ip"),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_public_id_key").on(t.publicId),
    // The owner's list, newest first.
    index("api_keys_user_created_idx").on(t.userId, t.createdAt, t.id),
    check("api_keys_mode_check", oneOf(t.mode, API_KEY_MODES)),
    check("api_keys_scopes_check", allOf(t.scopes, API_KEY_SCOPES)),
    check("api_keys_scopes_not_empty", sql`cardinality(${t.scopes}) > 0`),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
