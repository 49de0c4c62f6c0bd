import {
  CATEGORIES,
  DEAL_COUNTRIES,
  EXTRAS,
  LANGUAGES,
  MAX_CAMPAIGN_IMAGES,
  NETWORK_TYPES,
  OPTION_ALL,
  PRICE_RANGES,
  REVIEW_STATUSES,
} from "@market/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { files } from "./files";
import { allOf, between, bitsOf, createdAt, emptyTextArray, oneOf, tstz, updatedAt } from "./helpers";
import { users } from "./users";

export { bitMask } from "./helpers";
/** The bit order of deals.networks_mask: bit i for NETWORK_TYPES[i]. */
export const DEAL_NETWORK_BITS = NETWORK_TYPES;
/** The bit order of deals.extras_mask. */
export const DEAL_EXTRA_BITS = EXTRAS;
/** The bit order of deals.countries_mask: the filter's countries, then "all" (a deal open to every country). */
export const DEAL_COUNTRY_BITS = [...DEAL_COUNTRIES, OPTION_ALL] as const;

/**
 * Separates title and description in deals.search_text, so that a keyword matches within one field as before (a
 * keyword holding it is matched field by field instead).
 */
export const DEAL_SEARCH_TEXT_SEPARATOR = "\n";

/**
 * Campaigns of brands. The status (open, paused, closed) is computed from deadline and paused, never
 * stored, so it cannot drift from the clock. Deleting sets deleted_at: applications and the ledger keep
 * pointing at the deal.
 */
export const deals = pgTable(
  "deals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    link: text("link").notNull(),
    category: text("category", { enum: CATEGORIES }).notNull(),
    price: text("price", { enum: PRICE_RANGES }).notNull(),
    description: text("description").notNull(),
    networks: text("networks", { enum: NETWORK_TYPES }).array().notNull(),
    deadline: tstz("deadline").notNull(),
    paused: boolean("paused").notNull().default(false),
    reviewStatus: text("review_status", { enum: REVIEW_STATUSES }).notNull().default("NONE"),
    /** Why an admin rejected it (KO), in their words; the brand reads it on the campaign. Null otherwise. */
    reviewReason: text("review_reason"),
    aAbout: text("a_about").notNull().default(""),
    /** Country codes, or "all". */
    aCountries: text("a_countries").array().notNull().default(emptyTextArray),
    aLanguages: text("a_languages").array().notNull().default(emptyTextArray),
    extras: text("extras", { enum: EXTRAS }).array().notNull().default(emptyTextArray),
    eDiscount: text("e_discount"),
    eGiveaway: text("e_giveaway"),
    eFree: text("e_free"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz("deleted_at"),
    /**
     * What the search's keyword matches in the deal itself: lower(title) and lower(description), joined by
     * DEAL_SEARCH_TEXT_SEPARATOR. `search_text like lower(pattern)` is what ILIKE does to each field (in a multibyte
     * encoding ILIKE lowercases text and pattern with lower() and then LIKEs), so the answers are those of the
     * per-field ILIKEs it replaces. Generated, so no writer can leave it stale; the keyword search reads its copy in
     * deal_search_docs (trigram-indexed there). The brand's name is matched through brand_profiles instead.
     */
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`lower("title") || E'\\n' || lower("description")`),
    // The list filters as bit masks (see bitsOf), generated from the arrays, which stay the source of truth.
    networksMask: integer("networks_mask")
      .notNull()
      .generatedAlwaysAs(sql`${bitsOf("networks", DEAL_NETWORK_BITS)}`),
    extrasMask: integer("extras_mask")
      .notNull()
      .generatedAlwaysAs(sql`${bitsOf("extras", DEAL_EXTRA_BITS)}`),
    countriesMask: integer("countries_mask")
      .notNull()
      .generatedAlwaysAs(sql`${bitsOf("a_countries", DEAL_COUNTRY_BITS)}`),
  },
  (t) => [
    // The brand's campaign list, newest first; not partial, so it also serves the foreign key to users.
    index("deals_user_created_idx").on(t.userId, t.createdAt, t.id),
    // Deal search (influencers): only deals that may be listed, i.e. live, unpaused and not rejected; whether
    // the deadline has passed is the range condition. Both carry every filter but the keyword (category, price and
    // the masks), so a page walks its order checking the filters in the index and fetches only the rows it shows.
    // Created order for time_p/time_m (with the deadline, checked in the index: oldest-first walks past many
    // closed deals); deadline order for remaining_p/remaining_m, which is also the sidebar's grouped counts under
    // filters: an index-only scan of the open range testing integer masks (an array overlap per row cost as much
    // again as the scan).
    index("deals_search_created_idx")
      .on(t.createdAt, t.id, t.deadline, t.category, t.price, t.networksMask, t.extrasMask, t.countriesMask)
      .where(sql`${t.deletedAt} is null and not ${t.paused} and ${t.reviewStatus} <> 'KO'`),
    index("deals_search_deadline_idx")
      .on(t.deadline, t.id, t.category, t.price, t.networksMask, t.extrasMask, t.countriesMask)
      .where(sql`${t.deletedAt} is null and not ${t.paused} and ${t.reviewStatus} <> 'KO'`),
    // The sidebar's counts without filters (the search page's landing): the narrowest index-only scan of the
    // open range, narrower than the covering indexes above.
    index("deals_search_counts_idx")
      .on(t.deadline, t.category)
      .where(sql`${t.deletedAt} is null and not ${t.paused} and ${t.reviewStatus} <> 'KO'`),
    // The admin review queue.
    index("deals_review_status_idx").on(t.reviewStatus, t.createdAt),
    // The console's deals awaiting review (issue 36): live deals not yet reviewed, oldest first, keyset (created, id);
    // also the dashboard's count of them (an index-only scan of exactly the queue).
    index("deals_review_queue_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.reviewStatus} = 'NONE' and ${t.deletedAt} is null`),
    index("deals_networks_idx").using("gin", t.networks),
    check("deals_category_check", oneOf(t.category, CATEGORIES)),
    check("deals_price_check", oneOf(t.price, PRICE_RANGES)),
    check("deals_review_status_check", oneOf(t.reviewStatus, REVIEW_STATUSES)),
    check("deals_networks_check", sql`cardinality(${t.networks}) > 0 and ${allOf(t.networks, NETWORK_TYPES)}`),
    check("deals_extras_check", allOf(t.extras, EXTRAS)),
    check("deals_languages_check", allOf(t.aLanguages, [...LANGUAGES, OPTION_ALL])),
  ],
);

/**
 * The keyword search's narrow copy of the deals that are or may become listable: one row per deal that is not
 * deleted, not paused and not rejected (review_status <> 'KO'), whatever its deadline. Kept in step by the
 * statement-level triggers of drizzle/0010 (every insert or update of deals upserts the qualifying rows and deletes
 * the others; a deal's hard delete cascades), never written by the application. Keyword searches count and page
 * here instead of walking the wide deals heap through the trigram index (most of its pages hold closed deals), and
 * join deals only for the page shown. Deadlines are checked by the queries (deadline > now, as on deals), so a doc
 * whose deadline passed is only dead weight: sweepClosedSearchDocs deletes those now and then, which keeps the table
 * about as small as the set of open deals; no answer depends on it. The trigger does not leave out deals already
 * past their deadline: the application's clock (fixed in tests) need not be the database's.
 */
export const dealSearchDocs = pgTable(
  "deal_search_docs",
  {
    dealId: integer("deal_id")
      .primaryKey()
      .references(() => deals.id, { onDelete: "cascade" }),
    createdAt: tstz("created_at").notNull(),
    deadline: tstz("deadline").notNull(),
    userId: integer("user_id").notNull(),
    category: text("category", { enum: CATEGORIES }).notNull(),
    price: text("price", { enum: PRICE_RANGES }).notNull(),
    networksMask: integer("networks_mask").notNull(),
    extrasMask: integer("extras_mask").notNull(),
    countriesMask: integer("countries_mask").notNull(),
    /** deals.search_text; trigram-indexed where pg_trgm exists (drizzle/0010). */
    searchText: text("search_text").notNull(),
  },
  (t) => [
    // The page's orders (time_p/time_m, remaining_p/remaining_m); the deadline one also bounds the open range.
    index("deal_search_docs_created_idx").on(t.createdAt, t.dealId),
    index("deal_search_docs_deadline_idx").on(t.deadline, t.dealId),
    // A keyword matching brands' names matches all their deals.
    index("deal_search_docs_user_idx").on(t.userId),
  ],
);

/** Up to MAX_CAMPAIGN_IMAGES images per deal, in display order. */
export const dealImages = pgTable(
  "deal_images",
  {
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.position] }),
    // An uploaded image belongs to one campaign at most; also the lookup of "is this image taken".
    uniqueIndex("deal_images_file_id_key").on(t.fileId),
    check("deal_images_position_check", between(t.position, 0, MAX_CAMPAIGN_IMAGES - 1)),
  ],
);

/** A brand inviting an influencer to one of its deals; once per deal and influencer. */
export const invitations = pgTable(
  "invitations",
  {
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    influencerId: integer("influencer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    brandId: integer("brand_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.influencerId] }),
    index("invitations_influencer_created_idx").on(t.influencerId, t.createdAt),
    index("invitations_brand_id_idx").on(t.brandId),
  ],
);

export type Deal = typeof deals.$inferSelect;
export type NewDeal = typeof deals.$inferInsert;
export type DealImage = typeof dealImages.$inferSelect;
export type DealSearchDoc = typeof dealSearchDocs.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
