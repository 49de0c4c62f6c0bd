import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/**
 * The influencer's earnings (spec section 7): the transactions, the payout request, the tracker's list and the
 * retry of a failed payout; and the brand's hires. The CSV statements are served by statements.ts.
 */
export const earningsRoutes: RestRoute[] = [
  { method: "GET", path: "/api/earnings", call: (caller, { query }) => caller.earnings.list(untrusted(query)) },
  {
    method: "POST",
    path: "/api/earnings/payout",
    call: (caller, { body }) => caller.earnings.requestPayout(untrusted(body ?? {})),
  },
  {
    method: "GET",
    path: "/api/earnings/payouts",
    call: (caller, { query }) => caller.earnings.payouts(untrusted(query)),
  },
  {
    method: "GET",
    path: "/api/earnings/payouts/:id",
    call: (caller, { params }) => caller.earnings.payout(untrusted({ id: params.id })),
  },
  {
    method: "POST",
    path: "/api/earnings/payouts/:id/retry",
    call: (caller, request) => caller.earnings.retryPayout(bodyWithPathId(request)),
  },
  { method: "GET", path: "/api/hires", call: (caller, { query }) => caller.hires.list(untrusted(query)) },
];
