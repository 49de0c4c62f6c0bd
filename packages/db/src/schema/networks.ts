import {
  type AudienceQuality,
  LINKABLE_NETWORKS,
  NETWORK_LINK_ERRORS,
  NETWORK_TYPES,
  SIZE_CLASSES,
} from "@market/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { between, bytea, createdAt, oneOf, tstz, updatedAt } from "./helpers";
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
    /** The provider's tokens, encrypted (the token cipher's output, never the token itself). */
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    tokenExpiresAt: tstz("token_expires_at"),
    /** When the statistics were last read from the provider; null for a network added by name (never read). */
    statisticsReadAt: tstz("statistics_read_at"),
    /** What the last refresh found wrong (a linking error value, e.g. followers); null when all is well. */
    problem: text("problem", { enum: NETWORK_LINK_ERRORS }),
    /**
     * The audience-quality score, 0 to 100 (contracts' audienceQuality over network_snapshots), recomputed with
     * every snapshot; null while the history is too short. The detail keeps each component for "why this score".
     */
    audienceQuality: smallint("audience_quality"),
    audienceQualityDetail: jsonb("audience_quality_detail").$type<AudienceQuality>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("networks_user_id_idx").on(t.userId),
    // Conflict detection looks up the same account across users.
    index("networks_type_identifier_idx").on(t.type, t.identifier),
    // The size class ranks a network among all by followers (services/networks/size-class.ts).
    index("networks_followers_idx").on(t.followers),
    // The statistics sweep takes the longest unread first; networks added by name are never read.
    index("networks_statistics_read_at_idx").on(t.statisticsReadAt).where(sql`${t.statisticsReadAt} is not null`),
    // The same account twice for one user is the spec's duplicate error.
    unique("networks_user_type_identifier_key").on(t.userId, t.type, t.identifier),
    check("networks_type_check", oneOf(t.type, NETWORK_TYPES)),
    check("networks_size_class_check", oneOf(t.sizeClass, SIZE_CLASSES)),
    check("networks_rating_check", between(t.rating, 1, 5)),
    check("networks_problem_check", oneOf(t.problem, NETWORK_LINK_ERRORS)),
    check("networks_counts_check", sql`${t.followers} >= 0 and ${t.posts} >= 0 and ${t.reactions} >= 0`),
    check("networks_audience_quality_check", between(t.audienceQuality, 0, 100)),
  ],
);

/**
 * The statistics history (issue 40, point 4): what each reading of a network found, one row per network and UTC
 * day (a second reading the same day replaces the first), written in the transaction that stores the reading.
 * Kept NETWORK_SNAPSHOT_RETENTION_DAYS (the cleanup job deletes older days), so it grows at most by one row per
 * network and day.
 */
export const networkSnapshots = pgTable(
  "network_snapshots",
  {
    networkId: integer("network_id")
      .notNull()
      .references(() => networks.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    followers: integer("followers").notNull(),
    posts: integer("posts"),
    reactions: integer("reactions"),
    engagement: doublePrecision("engagement"),
    /** Likes and comments apart, where a provider gives them (none does yet: the score then re-weights). */
    likes: integer("likes"),
    comments: integer("comments"),
    readAt: tstz("read_at").notNull(),
  },
  (t) => [
    // The score reads a network's last days by this key; the upsert of the day lands on it.
    primaryKey({ columns: [t.networkId, t.day] }),
    // The retention sweep deletes the oldest days.
    index("network_snapshots_day_idx").on(t.day),
  ],
);

/**
 * The median engagement of each follower tier (networks.size_class), recomputed by a scheduled sweep (at most once
 * a day) so that scoring a network reads three rows instead of ranking every network.
 */
export const engagementTierMedians = pgTable(
  "engagement_tier_medians",
  {
    sizeClass: text("size_class", { enum: SIZE_CLASSES }).primaryKey(),
    /** Percent; the median over the tier's measured networks. */
    median: doublePrecision("median").notNull(),
    /** How many networks the median is taken over. */
    networks: integer("networks").notNull(),
    computedAt: tstz("computed_at").notNull(),
  },
  (t) => [check("engagement_tier_medians_size_class_check", oneOf(t.sizeClass, SIZE_CLASSES))],
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

/**
 * An OAuth linking flow between /auth/{network} and its callback: the state (only its SHA-256 kept, like a password
 * reset token) bound to the influencer who started it, with the PKCE verifier. The callback deletes the row it
 * uses, so a replayed callback finds nothing; rows are short-lived and swept once expired.
 */
export const networkLinkStates = pgTable(
  "network_link_states",
  {
    stateHash: bytea("state_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: LINKABLE_NETWORKS }).notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** Where the influencer came from (a path of the site), handed back to the networks tab. */
    next: text("next"),
    createdAt: createdAt(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [
    index("network_link_states_user_id_idx").on(t.userId),
    index("network_link_states_expires_at_idx").on(t.expiresAt),
    check("network_link_states_type_check", oneOf(t.type, LINKABLE_NETWORKS)),
  ],
);

export type Network = typeof networks.$inferSelect;
export type NewNetwork = typeof networks.$inferInsert;
export type NetworkSnapshot = typeof networkSnapshots.$inferSelect;
export type NetworkVerificationCode = typeof networkVerificationCodes.$inferSelect;
