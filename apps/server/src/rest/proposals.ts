import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/** Deal search and proposals of influencers (spec section 7). */
export const proposalRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/deals/search",
    reads: true,
    call: (caller, { body }) => caller.deals.search(untrusted(body ?? {})),
  },
  {
    method: "POST",
    path: "/api/applications",
    call: (caller, { body }) => caller.applications.create(untrusted(body)),
  },
  {
    method: "POST",
    path: "/api/applications/:id",
    call: (caller, request) => caller.applications.update(bodyWithPathId(request)),
  },
];
