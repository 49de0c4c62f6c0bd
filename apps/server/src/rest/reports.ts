import { type RestRoute, untrusted } from "./route";

/** The brand's campaign reports (issue 40); the CSV of a period is served by statements.ts. */
export const reportRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/campaigns/:id/report",
    call: (caller, { params }) => caller.reports.campaign(untrusted({ id: params.id })),
  },
  { method: "GET", path: "/api/reports", call: (caller, { query }) => caller.reports.period(untrusted(query)) },
];
