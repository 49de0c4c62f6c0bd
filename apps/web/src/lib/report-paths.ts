/** The brand's reports (issue 40): the period report, and one campaign's, linked from the campaign page. */
export const REPORTS_PATH = "/reports";
export const campaignReportPath = (campaignId: number): string => `/campaigns/${campaignId}/report`;

/** The CSV download of a period's report; the server names the file with the period. */
export const reportCsvPath = (period: { from?: string; to?: string }): string => {
  const query = new URLSearchParams(period.from && period.to ? { from: period.from, to: period.to } : {}).toString();
  return `/api/reports.csv${query ? `?${query}` : ""}`;
};
