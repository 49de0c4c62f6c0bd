import { AGE_FILTER, CATEGORIES, ENGAGEMENT_LEVELS, GENDERS, NETWORK_TYPES } from "@market/contracts";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { allOf, between, createdAt, emptyTextArray, oneOf, updatedAt } from "./helpers";
import { users } from "./users";

/** A brand's public identity; the deal "author" is brand_name. The brand's website is contacts.website. */
export const brandProfiles = pgTable("brand_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  brandName: text("brand_name").notNull().default(""),
  about: text("about").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * An influencer's profile and audience, plus search columns derived from networks, applications and
 * users. They are denormalized so that the influencer search (filters + sorts, 1,000,000 rows) reads one
 * table with an index per sort; services recompute them in the same transaction as any write that
 * changes their inputs (network linked/refreshed/removed, proposal priced, hire paid, username/city/country).
 */
export const influencerProfiles = pgTable(
  "influencer_profiles",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    about: text("about").notNull().default(""),
    category: text("category", { enum: CATEGORIES }),
    city: text("city"),
    /** ISO 3166-1 alpha-2, lowercase. */
    country: text("country"),
    gender: text("gender", { enum: GENDERS }),
    /** Percent of male audience; female is 100 minus this. */
    audienceMales: smallint("audience_males"),
    audienceAgeMin: smallint("audience_age_min"),
    audienceAgeMax: smallint("audience_age_max"),
    audienceInterests: text("audience_interests").array().notNull().default(emptyTextArray),
    audienceCountry: text("audience_country"),
    /** Admin KO sets it, OK clears it (spec: FAKE or GOOD). */
    maybeFake: boolean("maybe_fake").notNull().default(false),
    /** Copy of users.created_at so the "created" sort has its own index. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),

    /** Sum of followers over the influencer's networks. */
    totalReach: bigint("total_reach", { mode: "number" }).notNull().default(0),
    /** Highest engagement percent among the networks; 0 when none is measured. */
    maxEngagement: doublePrecision("max_engagement").notNull().default(0),
    /** Distinct types of linked networks. */
    networkTypes: text("network_types", { enum: NETWORK_TYPES }).array().notNull().default(emptyTextArray),
    /** Distinct engagement levels of the networks (ENGAGEMENT_THRESHOLDS). */
    engagementLevels: text("engagement_levels", { enum: ENGAGEMENT_LEVELS }).array().notNull().default(emptyTextArray),
    /** Average total price of the influencer's proposals, in cents; null when none. */
    averageFeeCents: integer("average_fee_cents"),
    /** Applications paid (PROGRESS or COMPLETE). */
    hiredCount: integer("hired_count").notNull().default(0),
    /** average_fee_cents / total_reach; null without a fee or reach. */
    costPerFollower: doublePrecision("cost_per_follower"),
    /** average_fee_cents / (total_reach * max_engagement / 100); null without a fee or engagement. */
    costPerEngagement: doublePrecision("cost_per_engagement"),
    /**
     * The best audience-quality score among the networks one may apply with (networks.audience_quality); 0 when none
     * has one yet, so the column is never null and the quality sort reads on by keyset (a real 0 sorts with them).
     */
    audienceQuality: smallint("audience_quality").notNull().default(0),
    /** lower(username || ' ' || city || ' ' || country) for the keyword box. */
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [
    // One index per sort of the search, each ending with the id so that pages are stable. Ascending
    // columns on purpose: scanned backwards they serve "x desc, id desc" (Postgres' default NULLS FIRST
    // for desc), which a DESC NULLS LAST index, drizzle-kit's rendering of .desc(), would not.
    // The default sort (followers_p, also the visitors' teaser) carries every filter column after its unique
    // (total_reach, user_id) prefix: filtered pages and the bounded count are then index-only scans that never
    // visit the 300-byte heap rows (measured by scripts/bench-influencer-search.ts at 1,000,000 rows: page 50
    // of category+country+network 920 ms -> ~50 ms). Trailing key columns, since drizzle has no INCLUDE.
    index("influencer_profiles_reach_idx").on(
      t.totalReach,
      t.userId,
      t.category,
      t.country,
      t.gender,
      t.audienceAgeMin,
      t.audienceAgeMax,
      t.networkTypes,
      t.engagementLevels,
      t.searchText,
      t.audienceQuality,
    ),
    index("influencer_profiles_created_idx").on(t.createdAt, t.userId),
    index("influencer_profiles_engagement_idx").on(t.maxEngagement, t.userId),
    index("influencer_profiles_cpf_idx").on(t.costPerFollower, t.userId),
    index("influencer_profiles_cpe_idx").on(t.costPerEngagement, t.userId),
    index("influencer_profiles_hired_idx").on(t.hiredCount, t.userId),
    // The quality sort (quality_p), and the minimum-quality filter of the other sorts through the covering indexes.
    index("influencer_profiles_quality_idx").on(t.audienceQuality, t.userId),
    // Array containment / overlap filters (networks, engagements).
    index("influencer_profiles_network_types_idx").using("gin", t.networkTypes),
    index("influencer_profiles_engagement_levels_idx").using("gin", t.engagementLevels),
    // Category (the most used filter), then country, then every other filter and sort column: a category
    // (+ country) search counts and sorts its matches in an index-only scan (1,000,000 rows: beauty+us+instagram
    // count 340 ms -> 6 ms).
    index("influencer_profiles_category_idx").on(
      t.category,
      t.country,
      t.gender,
      t.audienceAgeMin,
      t.audienceAgeMax,
      t.networkTypes,
      t.engagementLevels,
      t.totalReach,
      t.createdAt,
      t.maxEngagement,
      t.costPerFollower,
      t.costPerEngagement,
      t.hiredCount,
      t.userId,
      t.audienceQuality,
    ),
    index("influencer_profiles_country_idx").on(t.country),
    // The console's flagged influencers (issue 36): its count and list, a few rows among many.
    index("influencer_profiles_maybe_fake_idx").on(t.createdAt, t.userId).where(sql`${t.maybeFake}`),
    // Prefix matches only; pg_trgm would serve infix search but is not loaded in PGlite by default.
    index("influencer_profiles_search_text_idx").on(t.searchText.op("text_pattern_ops")),
    check("influencer_profiles_category_check", oneOf(t.category, CATEGORIES)),
    check("influencer_profiles_gender_check", oneOf(t.gender, GENDERS)),
    check("influencer_profiles_audience_males_check", between(t.audienceMales, 0, 100)),
    check("influencer_profiles_audience_age_min_check", between(t.audienceAgeMin, AGE_FILTER.min, AGE_FILTER.max)),
    check("influencer_profiles_audience_age_max_check", between(t.audienceAgeMax, AGE_FILTER.min, AGE_FILTER.max)),
    check("influencer_profiles_audience_ages_check", sql`${t.audienceAgeMin} <= ${t.audienceAgeMax}`),
    check("influencer_profiles_network_types_check", allOf(t.networkTypes, NETWORK_TYPES)),
    check("influencer_profiles_engagement_levels_check", allOf(t.engagementLevels, ENGAGEMENT_LEVELS)),
    check("influencer_profiles_counts_check", sql`${t.totalReach} >= 0 and ${t.hiredCount} >= 0`),
  ],
);

export type BrandProfile = typeof brandProfiles.$inferSelect;
export type NewBrandProfile = typeof brandProfiles.$inferInsert;
export type InfluencerProfile = typeof influencerProfiles.$inferSelect;
export type NewInfluencerProfile = typeof influencerProfiles.$inferInsert;
