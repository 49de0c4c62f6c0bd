import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
} from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { tstz } from "./helpers";

/*
 * The console dashboard's figures kept as they happen (issue 36, point 1), so that the dashboard reads a few summary
 * rows instead of the period's ledger lines, releases and chat lines. Row triggers of the figures migration write
 * them in the same database transaction as the rows they summarize (ledger entries, applications, chat lines,
 * payouts): every writer keeps them, the services, the seed, the tests' hand-made worlds and any repair script, with
 * no call to forget. The definitions are docs/product.md's (services/console/dashboard/figures.ts says each).
 *
 * `slot` spreads one day's (or the running figures') updates over a few rows chosen by the writing connection, so
 * that two payments at once do not queue on one summary row until commit; a reader sums the slots.
 */

/** Per UTC day and slot: what happened that day. A period's whole days are a range of this table. */
export const platformDailyFigures = pgTable(
  "platform_daily_figures",
  {
    day: date("day", { mode: "string" }).notNull(),
    slot: smallint("slot").notNull(),
    /** Debits of external:stripe posted that day (card payments into escrow). */
    gmvPaidInCents: bigint("gmv_paid_in_cents", { mode: "number" }).notNull().default(0),
    /** Credits of platform:fees posted that day. */
    feesEarnedCents: bigint("fees_earned_cents", { mode: "number" }).notNull().default(0),
    /** Hires whose paid_at falls on the day, and of them those contested (a work_not_done line) at any time. */
    hiresPaid: integer("hires_paid").notNull().default(0),
    hiresContested: integer("hires_contested").notNull().default(0),
    /** Payouts failed (failed_at) and paid (status paid, release_date) that day. */
    payoutsFailed: integer("payouts_failed").notNull().default(0),
    payoutsPaid: integer("payouts_paid").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

/** Figures of now, per slot: the escrow accounts' balance and the payouts still processing. */
export const platformRunningFigures = pgTable("platform_running_figures", {
  slot: smallint("slot").primaryKey(),
  escrowHeldCents: bigint("escrow_held_cents", { mode: "number" }).notNull().default(0),
  payoutsInFlight: integer("payouts_in_flight").notNull().default(0),
  payoutsInFlightCents: bigint("payouts_in_flight_cents", { mode: "number" }).notNull().default(0),
});

/**
 * One row per released hire: when, the hours from its last work done to the release (null without a work done),
 * whether the release was automatic. The median and the automatic share of a period are an index-only range of it.
 */
export const releaseFacts = pgTable(
  "release_facts",
  {
    applicationId: integer("application_id")
      .primaryKey()
      .references(() => applications.id, { onDelete: "cascade" }),
    releasedAt: tstz("released_at").notNull(),
    hoursWorkDoneToRelease: doublePrecision("hours_work_done_to_release"),
    automatic: boolean("automatic").notNull(),
  },
  (t) => [index("release_facts_released_at_idx").on(t.releasedAt, t.hoursWorkDoneToRelease, t.automatic)],
);
