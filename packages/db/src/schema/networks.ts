import { NETWORK_TYPES, SIZE_CLASSES } from "@market/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { between, createdAt, oneOf, tstz, updatedAt } from "./helpers";
import { users } from "./users";

/** Social accounts linked by influencers, with their last measured statistics. */
export const networks = pgTable(
  "networks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NETWORK_TYPES }).notNull(),
    title: text("title").notNull(),
    /** The provider's account id, or the normalized name of an unlinkable network. */
    identifier: text("identifier").notNull(),
    link: text("link"),
    followers: integer("followers").notNull().default(0),
    posts: integer("posts"),
    reactions: integer("reactions"),
    /** Percent, e.g. 2.35. */
    engagement: doublePrecision("engagement"),
    rating: smallint("rating"),
    sizeClass: text("size_class", { enum: SIZE_CLASSES }),
    isVerified: boolean("is_verified").notNull().default(false),
    /** Another user linked the same account; the influencer must choose before applying. */
    isConflicting: boolean("is_conflicting").notNull().default(false),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    tokenExpiresAt: tstz("token_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("networks_user_id_idx").on(t.userId),
    // Conflict detection looks up the same account across users.
    index("networks_type_identifier_idx").on(t.type, t.identifier),
    // The same account twice for one user is the spec's duplicate error.
    unique("networks_user_type_identifier_key").on(t.userId, t.type, t.identifier),
    check("networks_type_check", oneOf(t.type, NETWORK_TYPES)),
    check("networks_size_class_check", oneOf(t.sizeClass, SIZE_CLASSES)),
    check("networks_rating_check", between(t.rating, 1, 5)),
    check("networks_counts_check", sql`${t.followers} >= 0 and ${t.posts} >= 0 and ${t.reactions} >= 0`),
  ],
);

/** The code an influencer puts in the Instagram-type bio; one pending code per user and network type. */
export const networkVerificationCodes = pgTable(
  "network_verification_codes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NETWORK_TYPES }).notNull(),
    /** The account name the code is expected on. */
    username: text("username").notNull(),
    code: text("code").notNull(),
    createdAt: createdAt(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check("network_verification_codes_type_check", oneOf(t.type, NETWORK_TYPES)),
  ],
);

export type Network = typeof networks.$inferSelect;
export type NewNetwork = typeof networks.$inferInsert;
export type NetworkVerificationCode = typeof networkVerificationCodes.$inferSelect;
