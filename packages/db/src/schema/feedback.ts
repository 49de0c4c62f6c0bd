import { FEEDBACK_COMMENT_MAX_LENGTH, ROI_SCALE, STAR_RATING } from "@market/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { between, createdAt, oneOf, tstz } from "./helpers";
import { users } from "./users";

const stars = (name: string) => smallint(name).notNull();

/**
 * The brand's feedback on a completed hire (spec section 3); one per application, given once (the primary key makes
 * a second one a conflict).
 */
export const feedback = pgTable(
  "feedback",
  {
    applicationId: integer("application_id")
      .primaryKey()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** Copy of applications.influencer_id so profile ratings aggregate by index. */
    influencerId: integer("influencer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ratingContent: stars("rating_content"),
    ratingAvailability: stars("rating_availability"),
    ratingCommunication: stars("rating_communication"),
    ratingCooperation: stars("rating_cooperation"),
    ratingSchedule: stars("rating_schedule"),
    iComment: text("i_comment").notNull().default(""),
    workAgain: boolean("work_again").notNull(),
    droveAction: boolean("drove_action").notNull(),
    roi: text("roi", { enum: ROI_SCALE }).notNull(),
    rComment: text("r_comment").notNull().default(""),
    allowUse: boolean("allow_use").notNull().default(false),
    /** The admin who wrote it while acting as the brand (spec section 6), kept for the record. */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /**
     * When it is public (issue 40, double-blind reviews): when the influencer's review of the brand completes the
     * pair, else when the window to write closes (contracts reviewPublishedAt). Every read filters on it. A row
     * written without it (before issue 40, fixtures) is public at once, as every feedback was then.
     */
    publishedAt: tstz("published_at").notNull().defaultNow(),
    /** An admin hid it after a report (issue 40): no read shows it or counts it. */
    hiddenAt: tstz("hidden_at"),
  },
  (t) => [
    // The profile's published feedback, newest first, and its average: one range of (influencer, published_at).
    index("feedback_influencer_published_idx").on(t.influencerId, t.publishedAt, t.applicationId),
    // Deleting a user must not scan every feedback.
    index("feedback_impersonator_id_idx").on(t.impersonatorId),
    check("feedback_rating_content_check", between(t.ratingContent, STAR_RATING.min, STAR_RATING.max)),
    check("feedback_rating_availability_check", between(t.ratingAvailability, STAR_RATING.min, STAR_RATING.max)),
    check("feedback_rating_communication_check", between(t.ratingCommunication, STAR_RATING.min, STAR_RATING.max)),
    check("feedback_rating_cooperation_check", between(t.ratingCooperation, STAR_RATING.min, STAR_RATING.max)),
    check("feedback_rating_schedule_check", between(t.ratingSchedule, STAR_RATING.min, STAR_RATING.max)),
    check("feedback_roi_check", oneOf(t.roi, ROI_SCALE)),
    check(
      "feedback_comments_length_check",
      sql`char_length(${t.iComment}) <= ${sql.raw(String(FEEDBACK_COMMENT_MAX_LENGTH))} and char_length(${t.rComment}) <= ${sql.raw(String(FEEDBACK_COMMENT_MAX_LENGTH))}`,
    ),
  ],
);

export type Feedback = typeof feedback.$inferSelect;
export type NewFeedback = typeof feedback.$inferInsert;
