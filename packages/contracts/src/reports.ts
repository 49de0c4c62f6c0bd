import { z } from "zod";
import type { NetworkType } from "./enums";
import { rowId } from "./ids";
import { DAY_MS } from "./time";

/**
 * Campaign reports (issue 40 point 1): what a brand's hires bought, for one campaign or for all its campaigns over
 * a period. The figures and their formulas are in report-figures.ts; docs/product.md ("Campaign reports") says
 * the same in words.
 */

/** A UTC day as YYYY-MM-DD: the period's bounds and the buckets' starts. */
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const reportDay = z
  .string()
  .regex(DAY_PATTERN, "A day as YYYY-MM-DD")
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && dayOf(dayStart(day)) === day, "Not a day");

/** The longest period a report covers: a year and a day, so that a leap year fits. */
export const REPORT_MAX_DAYS = 367;
/** The period a report covers when none is named: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;

/**
 * GET /api/reports and /api/reports.csv: the hires paid from `from` to `to`, both UTC days and both included;
 * without them the last 30 days. One without the other is refused, as is a period backwards or over a year.
 */
export const reportPeriodInput = z
  .object({ from: reportDay.optional(), to: reportDay.optional() })
  .superRefine((input, ctx) => {
    if ((input.from === undefined) !== (input.to === undefined)) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "from and to go together" });
      return;
    }
    if (input.from === undefined || input.to === undefined) return;
    const days = (dayStart(input.to).getTime() - dayStart(input.from).getTime()) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not come before from" });
    if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: "at most a year" });
  });
export type ReportPeriodInput = z.infer<typeof reportPeriodInput>;

/** GET /api/campaigns/{id}/report: every paid hire of one of the brand's campaigns. */
export const campaignReportInput = z.object({ id: rowId });
export type CampaignReportInput = z.infer<typeof campaignReportInput>;

/** The start of a UTC day. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The UTC day of an instant, YYYY-MM-DD. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The period a report input names: its days, `to` included, and the instants [start, end) they cover. */
export function reportPeriodOf(input: ReportPeriodInput, now: Date): ReportPeriod {
  const to = input.to ?? dayOf(now);
  const from = input.from ?? dayOf(new Date(dayStart(to).getTime() - (REPORT_DEFAULT_DAYS - 1) * DAY_MS));
  return { from, to, start: dayStart(from), end: new Date(dayStart(to).getTime() + DAY_MS) };
}

export interface ReportPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** The figures of a set of hires and their posts (report-figures.ts says how each is computed). */
export interface ReportFigures {
  hires: number;
  posts: number;
  paidCents: number;
  feesCents: number;
  refundedCents: number;
  spendCents: number;
  views: number;
  likes: number;
  comments: number;
  engagements: number;
  /** engagements / views, 0..1 and beyond; null without views. */
  engagementRate: number | null;
  /** null without engagements. */
  costPerEngagementCents: number | null;
  /** null without views. */
  costPerThousandViewsCents: number | null;
}

export const REPORT_BUCKETS = ["day", "week"] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];

/** One bucket of the report's time line: money by when it moved, statistics by when they were read. */
export interface ReportPoint {
  /** The bucket's first UTC day (a Monday for weeks). */
  start: string;
  paidCents: number;
  refundedCents: number;
  /** Gained in the bucket: each reading's increase over the post's previous one (the first counts whole). */
  views: number;
  likes: number;
  comments: number;
}

export type ReportScope =
  | { kind: "campaign"; campaign: { id: number; title: string } }
  | { kind: "period"; from: string; to: string };

export interface Report {
  scope: ReportScope;
  totals: ReportFigures;
  byNetwork: (ReportFigures & { network: NetworkType })[];
  byInfluencer: (ReportFigures & { influencer: { id: number; username: string } })[];
  byCampaign: (ReportFigures & { campaign: { id: number; title: string } })[];
  bucket: ReportBucket;
  overTime: ReportPoint[];
}
