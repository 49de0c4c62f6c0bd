import { doublePrecision, integer, pgTable } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A brand's reliability figures as influencers read them on its profile and, in short, on its deals and deal search
 * cards (issue 40, point 2; docs/product.md "Brand profile" defines them). One row per brand that has ever paid a
 * hire, kept by row triggers of the brand_reliability migration in the same transaction as what they count (a
 * payment, a refund, a contest's first line, a release fact of the dashboard's release_facts): every writer keeps
 * it, the services, the seed and the tests' hand-made worlds, with nothing to forget and nothing to invalidate. A
 * profile read and a search page then read one row per brand by its key.
 *
 * The counters move by deltas (a hire paid or unpaid, refunded, contested at most once). The release figures are
 * recomputed over the brand's releases whenever one of its release facts changes, under the row's lock (the median
 * cannot be kept by deltas): a walk of the brand's paid hires on applications_brand_paid_idx joined to release_facts
 * by key, once per release. No check constraint ties the counts together on purpose: a display figure must never
 * fail a payment or a release (brand-reliability.int.test.ts checks them against the lines instead).
 */
export const brandReliability = pgTable("brand_reliability", {
  brandId: integer("brand_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Hires paid (paid_at set), the refunded ones included. */
  hires: integer("hires").notNull().default(0),
  /** Of them, those with a work_not_done line at any time (resolved since or not). */
  hiresContested: integer("hires_contested").notNull().default(0),
  /** Of them, those refunded by an admin (refunded_at set). */
  hiresRefunded: integer("hires_refunded").notNull().default(0),
  /** Released hires (a release_facts row). */
  releases: integer("releases").notNull().default(0),
  /** Of them, those released by the countdown at the window's end. */
  releasesAutomatic: integer("releases_automatic").notNull().default(0),
  /** Of them, those with a work done before the release: the median's count. */
  timedReleases: integer("timed_releases").notNull().default(0),
  /** The median hours from the last work done to the release over timed_releases; null when there is none. */
  medianReleaseHours: doublePrecision("median_release_hours"),
});

export type BrandReliabilityRow = typeof brandReliability.$inferSelect;
