import { FLAG_DECISIONS, FLAG_REASONS } from "@market/contracts";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { files } from "./files";
import { oneOf, tstz } from "./helpers";
import { users } from "./users";

/**
 * An admin's FAKE flag on an influencer, with its reason, its appeal and the decision (issue 36, point 5). A table
 * rather than columns on influencer_profiles: each flag keeps its own appeal ("once" is per flag: an influencer
 * flagged again may appeal again), the history stays for the audit of what the influencer was told, and the two
 * queues (flags standing, appeals awaiting) are partial indexes over a few rows instead of the 1,000,000-row search
 * table. influencer_profiles.maybe_fake stays the one thing search and profiles read: it is true exactly while the
 * influencer has a standing flag (lifted_at null), written in the same transaction.
 */
export const influencerFlags = pgTable(
  "influencer_flags",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    influencerId: integer("influencer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: FLAG_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    flaggedAt: tstz("flagged_at").notNull(),
    /** Null for flags set before reasons were recorded (the migration's backfill). */
    flaggedBy: integer("flagged_by").references(() => users.id, { onDelete: "set null" }),
    /** When the flag stopped standing: lifted on appeal, or an admin's OK. */
    liftedAt: tstz("lifted_at"),
    appealText: text("appeal_text"),
    appealedAt: tstz("appealed_at"),
    decision: text("decision", { enum: FLAG_DECISIONS }),
    decisionReason: text("decision_reason"),
    decidedAt: tstz("decided_at"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // At most one standing flag per influencer: the one their account shows and an appeal answers.
    uniqueIndex("influencer_flags_standing_idx").on(t.influencerId).where(sql`${t.liftedAt} is null`),
    // An influencer's flags, newest first: their account reads the latest.
    index("influencer_flags_influencer_idx").on(t.influencerId, t.id),
    // The queue of flags standing, either order, keyset by (flagged_at, id).
    index("influencer_flags_standing_queue_idx").on(t.flaggedAt, t.id).where(sql`${t.liftedAt} is null`),
    // The queue of appeals awaiting a decision, oldest first.
    index("influencer_flags_appeal_queue_idx")
      .on(t.appealedAt, t.id)
      .where(sql`${t.appealedAt} is not null and ${t.decidedAt} is null`),
    index("influencer_flags_flagged_by_idx").on(t.flaggedBy),
    index("influencer_flags_decided_by_idx").on(t.decidedBy),
    check("influencer_flags_reason_check", oneOf(t.reason, FLAG_REASONS)),
    check("influencer_flags_decision_check", sql`${t.decision} is null or ${oneOf(t.decision, FLAG_DECISIONS)}`),
    // An appeal is text and time together; a decision answers an appeal.
    check("influencer_flags_appeal_check", sql`(${t.appealText} is null) = (${t.appealedAt} is null)`),
    check("influencer_flags_decided_check", sql`${t.decidedAt} is null or ${t.appealedAt} is not null`),
  ],
);

/** The files attached to a flag's appeal (files.purpose appeal_file, owned by the influencer). */
export const influencerFlagFiles = pgTable(
  "influencer_flag_files",
  {
    flagId: integer("flag_id")
      .notNull()
      .references(() => influencerFlags.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.flagId, t.fileId] }), uniqueIndex("influencer_flag_files_file_idx").on(t.fileId)],
);

export type InfluencerFlag = typeof influencerFlags.$inferSelect;
