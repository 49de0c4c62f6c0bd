import type { Report, ReportFigures, ReportPeriodInput, Statement } from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { toCsv, usd } from "../earnings/csv";
import { periodReport } from "./period-report";

const HEADER = [
  "Breakdown",
  "Name",
  "Hires",
  "Posts",
  "Paid (USD)",
  "Fees (USD)",
  "Refunded (USD)",
  "Spend (USD)",
  "Views",
  "Likes",
  "Comments",
  "Engagements",
  "Engagement rate (%)",
  "Cost per engagement (USD)",
  "Cost per 1000 views (USD)",
];

/** A figure that may be absent (no views, no engagements): an empty cell, never a zero that would mislead. */
const optional = (value: number | null, format: (value: number) => string) => (value === null ? "" : format(value));

function figureCells(figures: ReportFigures): string[] {
  return [
    String(figures.hires),
    String(figures.posts),
    usd(figures.paidCents),
    usd(figures.feesCents),
    usd(figures.refundedCents),
    usd(figures.spendCents),
    String(figures.views),
    String(figures.likes),
    String(figures.comments),
    String(figures.engagements),
    optional(figures.engagementRate, (rate) => (rate * 100).toFixed(2)),
    optional(figures.costPerEngagementCents, usd),
    optional(figures.costPerThousandViewsCents, usd),
  ];
}

/** The report's rows: the total, each campaign, network and influencer, then the time line's buckets. */
export function reportRows(report: Report): string[][] {
  const timeLabel = report.bucket === "day" ? "Day" : "Week";
  return [
    ["Total", "", ...figureCells(report.totals)],
    ...report.byCampaign.map((row) => ["Campaign", row.campaign.title, ...figureCells(row)]),
    ...report.byNetwork.map((row) => ["Network", row.network, ...figureCells(row)]),
    ...report.byInfluencer.map((row) => ["Influencer", row.influencer.username, ...figureCells(row)]),
    // A bucket has money moved and statistics gained, not hires: the other cells stay empty.
    ...report.overTime.map((point) => [
      timeLabel,
      point.start,
      "",
      "",
      usd(point.paidCents),
      "",
      usd(point.refundedCents),
      usd(point.paidCents - point.refundedCents),
      String(point.views),
      String(point.likes),
      String(point.comments),
      String(point.likes + point.comments),
      "",
      "",
      "",
    ]),
  ];
}

/**
 * GET /api/reports.csv?from=&to=: the period's report as one CSV table (a Breakdown column tells the total, the
 * campaigns, networks, influencers and the time line apart), through the statements' CSV helper, so text from
 * users (titles, usernames) cannot run as a formula.
 */
export async function periodReportCsv(
  deps: { db: Db; clock: Clock },
  viewer: Viewer,
  input: ReportPeriodInput,
): Promise<Statement> {
  const report = await periodReport(deps, viewer, input);
  const scope = report.scope.kind === "period" ? `${report.scope.from}-to-${report.scope.to}` : "campaign";
  return { filename: `report-${scope}.csv`, csv: toCsv(HEADER, reportRows(report)) };
}
