import { z } from "zod";
import { adminReason, consoleCursor } from "./admin-console";
import { category } from "./enum-schemas";
import { rowId } from "./ids";
import { DAY_MS } from "./time";

/**
 * The console's queues (issue 36, point 2), as the dashboard counts them (GET /admin/api/queues). Another queue is one
 * more name here and one more count query in services/console/dashboard/queue-counts.ts.
 */
export const CONSOLE_QUEUES = [
  "dealsAwaitingReview",
  "cases",
  "flaggedInfluencers",
  "appealsAwaitingDecision",
  "payoutsFailedOrStuck",
  "refundsAwaitingApproval",
] as const;
export type ConsoleQueue = (typeof CONSOLE_QUEUES)[number];
export type QueueCounts = Record<ConsoleQueue, number>;

/** The dashboard's preset periods, in days back from now. */
export const DASHBOARD_PERIOD_DAYS = [7, 30, 90] as const;
export type DashboardPeriodDays = (typeof DASHBOARD_PERIOD_DAYS)[number];
/** The longest custom period: a year and a day, so that a leap year fits. */
export const DASHBOARD_MAX_PERIOD_MS = 367 * DAY_MS;

/**
 * The figures' period: the last `days` days up to now (30 by default), or from `from` (inclusive) to `to`
 * (exclusive), both or neither.
 */
export const dashboardInput = z
  .object({
    days: z.union([z.literal(7), z.literal(30), z.literal(90)]).optional(),
    from: z.coerce.date().optional(),
    to: z.coerce.date().optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.from === undefined) !== (input.to === undefined)) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "from and to go together" });
      return;
    }
    if (input.from && input.to) {
      if (input.days !== undefined) ctx.addIssue({ code: "custom", path: ["days"], message: "days or from/to" });
      const span = input.to.getTime() - input.from.getTime();
      if (span <= 0) ctx.addIssue({ code: "custom", path: ["to"], message: "to must come after from" });
      if (span > DASHBOARD_MAX_PERIOD_MS) ctx.addIssue({ code: "custom", path: ["to"], message: "at most a year" });
    }
  });
export type DashboardInput = z.infer<typeof dashboardInput>;

/** The platform's figures over a period (docs/product.md defines each; services/console/dashboard computes them). */
export interface DashboardFigures {
  period: { from: string; to: string };
  /** Cards charged into escrow in the period. */
  gmvPaidInCents: number;
  /** The platform's fee lines of the releases of the period. */
  feesEarnedCents: number;
  /** Now, whatever the period: the escrow of every paid hire not yet released or refunded. */
  escrowHeldCents: number;
  /** Now: payouts requested or sent, neither paid nor failed yet. */
  payoutsInFlight: { count: number; amountCents: number };
  /** Releases of the period: the median hours from the (last) work done to the release; null without releases. */
  medianHoursWorkDoneToRelease: number | null;
  /** Releases of the period made by the countdown rather than the brand, 0..1; null without releases. */
  autoReleaseShare: number | null;
  /** Hires paid in the period that the brand contested (work not done) at least once, 0..1; null without hires. */
  contestedShare: number | null;
  /** Payouts whose outcome came in the period that failed rather than were paid, 0..1; null without outcomes. */
  payoutFailureRate: number | null;
}

export interface DashboardView {
  queues: QueueCounts;
  figures: DashboardFigures;
}

/** The deals-awaiting-review queue's filters (oldest first, keyset-paged). */
export const reviewQueueInput = z.object({
  /** Part of the brand's name (company) or username, case-insensitive. */
  brand: z.string().trim().min(1).max(100).optional(),
  category: category.optional(),
  cursor: consoleCursor,
});
export type ReviewQueueInput = z.infer<typeof reviewQueueInput>;

export interface ReviewQueueRow {
  id: number;
  title: string;
  category: string;
  created: string;
  deadline: string;
  brand: { id: number; name: string };
}

export interface ReviewQueuePage {
  deals: ReviewQueueRow[];
  nextCursor: string | null;
}

/** The console's review of a deal: approve, or reject with the reason the brand reads (mail, notification, campaign). */
export const consoleReviewDealInput = z.discriminatedUnion("decision", [
  z.object({ id: rowId, decision: z.literal("OK"), reason: adminReason.optional() }),
  z.object({ id: rowId, decision: z.literal("KO"), reason: adminReason }),
]);
export type ConsoleReviewDealInput = z.infer<typeof consoleReviewDealInput>;
