import { campaignReportInput, reportPeriodInput } from "@market/contracts";
import { campaignReport } from "../../services/reports/campaign-report";
import { periodReport } from "../../services/reports/period-report";
import { periodReportCsv } from "../../services/reports/report-csv";
import { brandProcedure, router } from "../../trpc";

/** The brand's campaign reports (issue 40 point 1): its own campaigns only. */
export const reportsRouter = router({
  /** GET /api/campaigns/{id}/report: one campaign's hires; another brand's campaign is not_found. */
  campaign: brandProcedure.input(campaignReportInput).query(({ ctx, input }) => campaignReport(ctx, ctx.viewer, input)),
  /** GET /api/reports?from=&to=: the hires paid in the period, across the brand's campaigns. */
  period: brandProcedure.input(reportPeriodInput).query(({ ctx, input }) => periodReport(ctx, ctx.viewer, input)),
  /** GET /api/reports.csv?from=&to=: the same as CSV, named with the period. */
  csv: brandProcedure.input(reportPeriodInput).query(({ ctx, input }) => periodReportCsv(ctx, ctx.viewer, input)),
});
