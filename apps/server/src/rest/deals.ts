import { type RestRoute, untrusted } from "./route";

/**
 * Campaigns of a brand (spec section 7). The image upload (multipart) is in files.ts. The static
 * /api/campaigns/images route wins over /api/campaigns/:id in Fastify's router.
 */
export const dealRoutes: RestRoute[] = [
  { method: "POST", path: "/api/campaigns", call: (caller, { body }) => caller.deals.create(untrusted(body)) },
  {
    method: "POST",
    path: "/api/campaigns/:id",
    call: (caller, { params, body }) => caller.deals.update(untrusted({ id: params.id, campaign: body })),
  },
  {
    method: "POST",
    path: "/api/campaigns/:id/pause",
    call: (caller, { params }) => caller.deals.pause(untrusted({ id: params.id })),
  },
  {
    method: "POST",
    path: "/api/campaigns/:id/resume",
    call: (caller, { params }) => caller.deals.resume(untrusted({ id: params.id })),
  },
  {
    method: "POST",
    path: "/api/campaigns/:id/delete",
    call: (caller, { params }) => caller.deals.remove(untrusted({ id: params.id })),
  },
  { method: "GET", path: "/api/deals", call: (caller) => caller.deals.mine() },
  {
    method: "GET",
    path: "/api/deals/:id",
    call: (caller, { params }) => caller.deals.get(untrusted({ id: params.id })),
  },
  {
    method: "GET",
    path: "/api/brands/:id",
    call: (caller, { params }) => caller.brands.profile(untrusted({ id: params.id })),
  },
];
