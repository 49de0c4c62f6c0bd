import {
  REVIEW_REPORT_NOTE_MAX,
  REVIEW_REPORT_REASONS,
  REVIEW_SIDES,
  REVIEW_TEXT_MAX_LENGTH,
  STAR_RATING,
} from "@market/contracts";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { between, createdAt, oneOf, tstz } from "./helpers";
import { users } from "./users";

const stars = (name: string) => smallint(name).notNull();

/**
 * The influencer's review of the brand after a completed hire (issue 40, point 3), the mirror of `feedback`: one per
 * application (the primary key makes a second one a conflict), public from published_at (double blind).
 */
export const brandReviews = pgTable(
  "brand_reviews",
  {
    applicationId: integer("application_id")
      .primaryKey()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** Copy of applications.brand_id so the brand's profile lists them by index. */
    brandId: integer("brand_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    influencerId: integer("influencer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ratingBrief: stars("rating_brief"),
    ratingCommunication: stars("rating_communication"),
    ratingPayment: stars("rating_payment"),
    ratingFairness: stars("rating_fairness"),
    text: text("text").notNull().default(""),
    /** The admin who wrote it while acting as the influencer, kept for the record (as feedback.impersonator_id). */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When it is public: the pair's completion or the window's close (contracts reviewPublishedAt). */
    publishedAt: tstz("published_at").notNull(),
    /** An admin hid it after a report: no read shows it. */
    hiddenAt: tstz("hidden_at"),
  },
  (t) => [
    // The brand profile's list, newest first: one range of (brand, published_at).
    index("brand_reviews_brand_published_idx").on(t.brandId, t.publishedAt, t.applicationId),
    // Deleting a user must not scan every review.
    index("brand_reviews_influencer_id_idx").on(t.influencerId),
    index("brand_reviews_impersonator_id_idx").on(t.impersonatorId),
    check("brand_reviews_rating_brief_check", between(t.ratingBrief, STAR_RATING.min, STAR_RATING.max)),
    check("brand_reviews_rating_communication_check", between(t.ratingCommunication, STAR_RATING.min, STAR_RATING.max)),
    check("brand_reviews_rating_payment_check", between(t.ratingPayment, STAR_RATING.min, STAR_RATING.max)),
    check("brand_reviews_rating_fairness_check", between(t.ratingFairness, STAR_RATING.min, STAR_RATING.max)),
    check("brand_reviews_text_length_check", sql`char_length(${t.text}) <= ${sql.raw(String(REVIEW_TEXT_MAX_LENGTH))}`),
  ],
);

export type BrandReview = typeof brandReviews.$inferSelect;
export type NewBrandReview = typeof brandReviews.$inferInsert;

/**
 * A review reported to the operator (issue 40, point 3): by whom, which review (the application and the side), why.
 * Once per reporter and review; the console lists them newest first and may hide the review.
 */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: serial("id").primaryKey(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    side: text("side", { enum: REVIEW_SIDES }).notNull(),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REVIEW_REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("review_reports_once_idx").on(t.applicationId, t.side, t.reporterId),
    // The console's queue, newest first.
    index("review_reports_created_idx").on(t.createdAt, t.id),
    index("review_reports_reporter_id_idx").on(t.reporterId),
    check("review_reports_side_check", oneOf(t.side, REVIEW_SIDES)),
    check("review_reports_reason_check", oneOf(t.reason, REVIEW_REPORT_REASONS)),
    check(
      "review_reports_note_length_check",
      sql`char_length(${t.note}) <= ${sql.raw(String(REVIEW_REPORT_NOTE_MAX))}`,
    ),
  ],
);

export type ReviewReport = typeof reviewReports.$inferSelect;
