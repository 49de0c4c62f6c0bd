import {
  APPLICATION_STATUSES,
  DENIED_REASONS,
  NETWORK_TYPES,
  USAGE_RIGHTS_MONTHS,
  type UsageRights,
} from "@market/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { deals } from "./deals";
import { createdAt, oneOf, tstz, updatedAt } from "./helpers";
import { networks } from "./networks";
import { users } from "./users";

/** A fee percent, e.g. 10 or 12.5; numeric so that fractional fees stay exact. */
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: "number" });

/**
 * An influencer's proposal for a deal and its whole lifecycle (spec section 4). Fees are copied here when
 * the brand accepts so later configuration changes never alter a hire.
 */
export const applications = pgTable(
  "applications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "restrict" }),
    influencerId: integer("influencer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Copy of deals.user_id: the brand's lists across all its deals use their own index. */
    brandId: integer("brand_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("WAITING"),
    text: text("text").notNull(),
    expiration: tstz("expiration").notNull(),
    feeBrandPercent: percent("fee_brand_percent"),
    feeInfluencerPercent: percent("fee_influencer_percent"),
    deniedReason: text("denied_reason", { enum: DENIED_REASONS }),
    /**
     * Set by "work done": the brand has until then to react, then the money is released automatically. Null while
     * the countdown is paused (release_remaining_ms holds the time left then); kept after the release.
     */
    moneyReleaseDate: tstz("money_release_date"),
    /** The time left of a paused countdown, in ms: set while a contest or an arbitration case holds it. */
    releaseRemainingMs: bigint("release_remaining_ms", { mode: "number" }),
    /** The brand contested the work (work not done); cleared when the influencer delivers again or the case closes. */
    contestedAt: tstz("contested_at"),
    /** A request for arbitration is open (the first one's time); cleared when an admin closes the case. */
    arbitrationOpenedAt: tstz("arbitration_opened_at"),
    /**
     * Release reminders already sent to the brand for the current countdown (RELEASE_REMINDER_LEADS_MS): 0, 1 (the
     * 72 h one) or 2 (the 24 h one too). Recorded before mailing, so that several sweeping instances send each once.
     */
    releaseRemindersSent: smallint("release_reminders_sent").notNull().default(0),
    paidAt: tstz("paid_at"),
    releasedAt: tstz("released_at"),
    refundedAt: tstz("refunded_at"),
    /**
     * An admin's refund is under way: set before the gateway is asked (outside any transaction), cleared when it
     * fails; meanwhile no release moves the escrow. A refund interrupted here is finished by the admin's next try.
     */
    refundRequestedAt: tstz("refund_requested_at"),
    /** What the brand paid (B in money.md), in cents; 0 until paid. */
    paidAmountCents: bigint("paid_amount_cents", { mode: "number" }).notNull().default(0),
    /**
     * Sums of the proposal's application_prices (reach, price_cents), copied here so that the lists' reach and
     * price sorts walk an index; refreshApplicationTotals keeps them so after every write of the prices.
     */
    totalReach: bigint("total_reach", { mode: "number" }).notNull().default(0),
    totalPriceCents: bigint("total_price_cents", { mode: "number" }).notNull().default(0),
    /**
     * The newest of the influencer's unseen notifications about it, -infinity when none: the key of the
     * influencer's "new notifications first" sort, so that a page of it is one walk of an index. Kept by triggers
     * on notifications (migration 0032), in the transaction of every write of them; no service writes it.
     */
    influencerUnseenAt: tstz("influencer_unseen_at").notNull().default(sql`'-infinity'::timestamptz`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("applications_deal_influencer_key").on(t.dealId, t.influencerId),
    // The applications lists (services/applications/list-applications.ts): one index per scope (a campaign, a
    // brand, an influencer) and sort key, the stored status second so that each status of a filter is one
    // bounded walk of its index in the sort's order (merged by the query), the id last for keyset pages and ties.
    // Ascending columns on purpose: scanned backwards they serve the descending sorts.
    index("applications_deal_status_updated_idx").on(t.dealId, t.status, t.updatedAt, t.id),
    index("applications_deal_status_reach_idx").on(t.dealId, t.status, t.totalReach, t.id),
    index("applications_deal_status_price_idx").on(t.dealId, t.status, t.totalPriceCents, t.id),
    index("applications_brand_status_updated_idx").on(t.brandId, t.status, t.updatedAt, t.id),
    index("applications_brand_status_reach_idx").on(t.brandId, t.status, t.totalReach, t.id),
    index("applications_brand_status_price_idx").on(t.brandId, t.status, t.totalPriceCents, t.id),
    index("applications_influencer_status_updated_idx").on(t.influencerId, t.status, t.updatedAt, t.id),
    // The influencer's notif sort: the newest unseen notification first, then by update.
    index("applications_influencer_status_unseen_idx").on(
      t.influencerId,
      t.status,
      t.influencerUnseenAt,
      t.updatedAt,
      t.id,
    ),
    // Earnings and hires (services/earnings): a party's paid hires, refunded ones included (they list as refunded),
    // newest paid first, keyset by id.
    index("applications_influencer_paid_idx").on(t.influencerId, t.paidAt, t.id).where(sql`${t.paidAt} is not null`),
    index("applications_brand_paid_idx").on(t.brandId, t.paidAt, t.id).where(sql`${t.paidAt} is not null`),
    // A campaign's report (issue 40): its paid hires, without walking its proposals never paid.
    index("applications_deal_paid_idx").on(t.dealId, t.paidAt).where(sql`${t.paidAt} is not null`),
    // Sweeps: WAITING past expiration is denied; PROGRESS past money_release_date is released.
    index("applications_status_expiration_idx").on(t.status, t.expiration),
    // A user's lists read as they did until the next of their WAITING applications expires (user-reads-cache.ts).
    index("applications_influencer_waiting_expiration_idx")
      .on(t.influencerId, t.expiration)
      .where(sql`${t.status} = 'WAITING'`),
    index("applications_brand_waiting_expiration_idx").on(t.brandId, t.expiration).where(sql`${t.status} = 'WAITING'`),
    // The console's cases queue (issue 36): the open cases only (a contest or a request for arbitration), by when
    // the case opened, oldest first (services/console/cases/open-case.ts writes the same expression and predicate).
    index("applications_open_case_idx")
      .on(sql`least(${t.contestedAt}, ${t.arbitrationOpenedAt})`, t.id)
      .where(sql`${t.contestedAt} is not null or ${t.arbitrationOpenedAt} is not null`),
    index("applications_release_due_idx")
      .on(t.moneyReleaseDate)
      .where(sql`${t.status} = 'PROGRESS' and ${t.moneyReleaseDate} is not null`),
    // The console's dashboard (issue 36): hires paid in a period (share contested), releases made in a period (median
    // hours from work done, share automatic), and the cases queue's count (contested or in arbitration).
    index("applications_paid_at_idx").on(t.paidAt).where(sql`${t.paidAt} is not null`),
    index("applications_released_at_idx").on(t.releasedAt).where(sql`${t.releasedAt} is not null`),
    check("applications_status_check", oneOf(t.status, APPLICATION_STATUSES)),
    check("applications_denied_reason_check", oneOf(t.deniedReason, DENIED_REASONS)),
    check("applications_denied_reason_status_check", sql`${t.deniedReason} is null or ${t.status} = 'DENIED'`),
    check(
      "applications_fees_check",
      sql`${t.feeBrandPercent} between 0 and 100 and ${t.feeInfluencerPercent} between 0 and 100`,
    ),
    check("applications_paid_amount_check", sql`${t.paidAmountCents} >= 0`),
    // A countdown either runs (a release date) or is paused (the time left), never both.
    check(
      "applications_release_countdown_check",
      sql`${t.releaseRemainingMs} is null or (${t.releaseRemainingMs} >= 0 and ${t.moneyReleaseDate} is null)`,
    ),
    check("applications_release_reminders_check", sql`${t.releaseRemindersSent} between 0 and 2`),
    check("applications_totals_check", sql`${t.totalReach} >= 0 and ${t.totalPriceCents} >= 0`),
  ],
);

/**
 * One priced network of a proposal. reach is the network's followers when priced, so the proposal keeps
 * its figures if statistics change; hired is the brand's tick at accept.
 */
export const applicationPrices = pgTable(
  "application_prices",
  {
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    networkType: text("network_type", { enum: NETWORK_TYPES }).notNull(),
    networkId: integer("network_id").references(() => networks.id, { onDelete: "set null" }),
    priceCents: integer("price_cents").notNull(),
    creationDays: smallint("creation_days").notNull(),
    /** Link to the published content. */
    link: text("link"),
    reach: integer("reach").notNull().default(0),
    hired: boolean("hired").notNull().default(false),
    /**
     * What the brand may do with the content (issue 37): contracts' usageRights, written only after it parsed. One
     * jsonb rather than columns: the kinds carry different fields (a territory only on licensed, as "worldwide" or a
     * list of countries), so the value is the discriminated union itself, read back and answered as it is; columns
     * would need nullable months, a text[] and cross-column rules to say the same. Lines written before read organic.
     */
    usageRights: jsonb("usage_rights").$type<UsageRights>().notNull().default({ kind: "organic" }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.networkType] }),
    // Removing a network sets its prices' network_id to null: found through this, not a scan.
    index("application_prices_network_id_idx").on(t.networkId),
    check("application_prices_network_type_check", oneOf(t.networkType, NETWORK_TYPES)),
    check("application_prices_price_check", sql`${t.priceCents} > 0`),
    check("application_prices_creation_days_check", sql`${t.creationDays} >= 0`),
    check("application_prices_reach_check", sql`${t.reach} >= 0`),
    // The database's own guard on the kinds and the months' bounds (the schema checks the rest before writing).
    check(
      "application_prices_usage_rights_check",
      sql`case ${t.usageRights}->>'kind'
        when 'organic' then true
        when 'licensed' then (${t.usageRights}->>'months')::int between ${sql.raw(String(USAGE_RIGHTS_MONTHS.min))} and ${sql.raw(String(USAGE_RIGHTS_MONTHS.max))}
          and ${t.usageRights} ? 'territory'
        when 'whitelisting' then (${t.usageRights}->>'months')::int between ${sql.raw(String(USAGE_RIGHTS_MONTHS.min))} and ${sql.raw(String(USAGE_RIGHTS_MONTHS.max))}
        else false end`,
    ),
  ],
);

export type Application = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
export type ApplicationPrice = typeof applicationPrices.$inferSelect;
export type NewApplicationPrice = typeof applicationPrices.$inferInsert;
