import { type RestRoute, untrusted } from "./route";

/** The applications lists (spec section 7), filtered by the query string: status, sort, query, cursor. */
export const applicationListRoutes: RestRoute[] = [
  { method: "GET", path: "/api/applications", call: (caller, { query }) => caller.applications.list(untrusted(query)) },
  {
    method: "GET",
    path: "/api/campaigns/:id/applications",
    call: (caller, { params, query }) => caller.applications.ofCampaign(untrusted({ ...query, id: params.id })),
  },
];
