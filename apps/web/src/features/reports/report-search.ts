import { type ReportPeriodInput, reportPeriodInput } from "@market/contracts";

/**
 * The period of /reports in the URL (`from`, `to`, UTC days, both included): kept only when both are given and
 * form a period the server takes, else dropped (the server's default, the last 30 days). The search is the
 * procedure's input as it stands, so the loader and the screen ask the same query.
 */
export function validateReportSearch(search: Record<string, unknown>): ReportPeriodInput {
  const parsed = reportPeriodInput.safeParse({ from: search.from, to: search.to });
  return parsed.success && parsed.data.from && parsed.data.to ? { from: parsed.data.from, to: parsed.data.to } : {};
}
