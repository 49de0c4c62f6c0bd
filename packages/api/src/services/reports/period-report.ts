import { type Report, type ReportPeriodInput, reportPeriodOf } from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { readShared, type UserReadsCache } from "../user-reads-cache";
import { buildReport } from "./build-report";
import { readReportRows } from "./report-rows";

/**
 * GET /api/reports?from=&to=: the brand's hires paid in the period (UTC days, both included; the last 30 days by
 * default) across all its campaigns, with what their posts gathered since, whenever read.
 *
 * Kept per brand and period in the user reads cache (issue 33): what it reads (the hires, their prices, deliveries,
 * posts and readings) names the brand on reads_changed when it changes (drizzle/0034, 0055), and nothing in it
 * depends on the time of the read but the period, which is in the key (the default one moves at midnight UTC).
 */
export async function periodReport(
  deps: { db: Db; clock: Clock; userReads?: UserReadsCache | undefined },
  viewer: Viewer,
  input: ReportPeriodInput,
): Promise<Report> {
  const period = reportPeriodOf(input, deps.clock.now());
  return readShared(deps.userReads, viewer.userId, `report ${period.from} ${period.to}`, async () => {
    const { hires, posts } = await readReportRows(deps.db, {
      brandId: viewer.userId,
      start: period.start,
      end: period.end,
    });
    return buildReport({ kind: "period", from: period.from, to: period.to }, period, hires, posts);
  });
}
