import { type Report, type ReportPeriodInput, reportPeriodOf } from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { buildReport } from "./build-report";
import { readReportRows } from "./report-rows";

/**
 * GET /api/reports?from=&to=: the brand's hires paid in the period (UTC days, both included; the last 30 days by
 * default) across all its campaigns, with what their posts gathered since, whenever read.
 */
export async function periodReport(
  deps: { db: Db; clock: Clock },
  viewer: Viewer,
  input: ReportPeriodInput,
): Promise<Report> {
  const period = reportPeriodOf(input, deps.clock.now());
  const { hires, posts } = await readReportRows(deps.db, {
    brandId: viewer.userId,
    start: period.start,
    end: period.end,
  });
  return buildReport({ kind: "period", from: period.from, to: period.to }, period, hires, posts);
}
