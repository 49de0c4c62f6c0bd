import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/** The influencer's payouts: request one (spec section 7), the tracker's list, and the retry of a failed one. */
export const earningsRoutes: RestRoute[] = [
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
    method: "POST",
    path: "/api/earnings/payouts/:id/retry",
    call: (caller, request) => caller.earnings.retryPayout(bodyWithPathId(request)),
  },
];
