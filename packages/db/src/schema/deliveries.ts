import { NETWORK_TYPES, POST_CHECK_STATES, STATISTICS_SNAPSHOT_KINDS } from "@market/contracts";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, smallint, text, unique, uuid } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { files } from "./files";
import { oneOf, tstz } from "./helpers";
import { networks } from "./networks";
import { arbitrationRequests } from "./support";
import { users } from "./users";

/**
 * Delivery with proof (issue 37): one row per "work done", kept when the influencer delivers again after a contest
 * (the newest is the current one; application_prices.link holds its links). Written in the work-done transaction.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** The influencer who delivered. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The admin who delivered while impersonating the influencer. */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    /** The brand's contest (work not done) of this delivery, with its text; null while uncontested. */
    contestRequestId: integer("contest_request_id").references(() => arbitrationRequests.id, { onDelete: "set null" }),
    deliveredAt: tstz("delivered_at").notNull().defaultNow(),
  },
  (t) => [
    // The application page reads its deliveries newest first.
    index("deliveries_application_idx").on(t.applicationId, t.id),
    index("deliveries_user_id_idx").on(t.userId),
    index("deliveries_impersonator_id_idx").on(t.impersonatorId),
    index("deliveries_contest_request_id_idx").on(t.contestRequestId),
  ],
);

/**
 * A published post of a delivery, one per hired network, with what the check on its network found and the latest
 * statistics. The check and the statistics snapshots are sweeps' work: check_due_at is set while a check is owed
 * (pending, or the network's API was unavailable), next_snapshot_at while a day-1 or day-7 reading is owed.
 */
export const deliveredPosts = pgTable(
  "delivered_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => deliveries.id, { onDelete: "cascade" }),
    networkType: text("network_type", { enum: NETWORK_TYPES }).notNull(),
    /** The application's linked account of the network at delivery (application_prices.network_id). */
    networkId: integer("network_id").references(() => networks.id, { onDelete: "set null" }),
    /** Normalized (contracts post-urls.ts). */
    url: text("url").notNull(),
    /** The network's id of the post when the URL carries one. */
    postId: text("post_id"),
    checkState: text("check_state", { enum: POST_CHECK_STATES }).notNull().default("pending"),
    /** Why it could not be verified, in the verifier's words (unverifiable), else null. */
    checkReason: text("check_reason"),
    checkedAt: tstz("checked_at"),
    checkAttempts: smallint("check_attempts").notNull().default(0),
    /** A check is owed from then on (pending or unavailable); null once the network answered. */
    checkDueAt: tstz("check_due_at"),
    publishedAt: tstz("published_at"),
    thumbnailUrl: text("thumbnail_url"),
    views: bigint("views", { mode: "number" }),
    likes: bigint("likes", { mode: "number" }),
    comments: bigint("comments", { mode: "number" }),
    /** The next statistics reading owed (day1, day7) and when; null when none is (unverified, or all taken). */
    nextSnapshotKind: text("next_snapshot_kind", { enum: STATISTICS_SNAPSHOT_KINDS }),
    nextSnapshotAt: tstz("next_snapshot_at"),
  },
  (t) => [
    unique("delivered_posts_delivery_network_key").on(t.deliveryId, t.networkType),
    index("delivered_posts_network_id_idx").on(t.networkId),
    // The sweeps walk only the owed rows, oldest due first.
    index("delivered_posts_check_due_idx").on(t.checkDueAt).where(sql`${t.checkDueAt} is not null`),
    index("delivered_posts_snapshot_due_idx").on(t.nextSnapshotAt).where(sql`${t.nextSnapshotAt} is not null`),
    check("delivered_posts_network_type_check", oneOf(t.networkType, NETWORK_TYPES)),
    check("delivered_posts_check_state_check", oneOf(t.checkState, POST_CHECK_STATES)),
    check("delivered_posts_next_snapshot_kind_check", oneOf(t.nextSnapshotKind, STATISTICS_SNAPSHOT_KINDS)),
    check("delivered_posts_next_snapshot_check", sql`(${t.nextSnapshotKind} is null) = (${t.nextSnapshotAt} is null)`),
    check(
      "delivered_posts_counts_check",
      sql`${t.views} >= 0 and ${t.likes} >= 0 and ${t.comments} >= 0 and ${t.checkAttempts} >= 0`,
    ),
  ],
);

/** A file handed over with a delivery: a chat file of the same application (checked when delivered). */
export const deliveryFiles = pgTable(
  "delivery_files",
  {
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => deliveries.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    /** The order the influencer gave. */
    position: smallint("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryId, t.fileId] }),
    index("delivery_files_file_id_idx").on(t.fileId),
    check("delivery_files_position_check", sql`${t.position} >= 0`),
  ],
);

/** A post's statistics as read at delivery (initial), one day and seven days after; one of each kind at most. */
export const postStatisticsSnapshots = pgTable(
  "post_statistics_snapshots",
  {
    deliveredPostId: integer("delivered_post_id")
      .notNull()
      .references(() => deliveredPosts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: STATISTICS_SNAPSHOT_KINDS }).notNull(),
    takenAt: tstz("taken_at").notNull(),
    views: bigint("views", { mode: "number" }),
    likes: bigint("likes", { mode: "number" }),
    comments: bigint("comments", { mode: "number" }),
  },
  (t) => [
    // One per kind: a second sweeping instance's insert of the same reading does nothing.
    primaryKey({ columns: [t.deliveredPostId, t.kind] }),
    check("post_statistics_snapshots_kind_check", oneOf(t.kind, STATISTICS_SNAPSHOT_KINDS)),
    check("post_statistics_snapshots_counts_check", sql`${t.views} >= 0 and ${t.likes} >= 0 and ${t.comments} >= 0`),
  ],
);

/** The posts a contest ("request changes") named; none means the whole delivery. */
export const contestedPosts = pgTable(
  "contested_posts",
  {
    arbitrationRequestId: integer("arbitration_request_id")
      .notNull()
      .references(() => arbitrationRequests.id, { onDelete: "cascade" }),
    deliveredPostId: integer("delivered_post_id")
      .notNull()
      .references(() => deliveredPosts.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.arbitrationRequestId, t.deliveredPostId] }),
    index("contested_posts_delivered_post_id_idx").on(t.deliveredPostId),
  ],
);

export type Delivery = typeof deliveries.$inferSelect;
export type DeliveredPost = typeof deliveredPosts.$inferSelect;
export type NewDeliveredPost = typeof deliveredPosts.$inferInsert;
export type PostStatisticsSnapshot = typeof postStatisticsSnapshots.$inferSelect;
