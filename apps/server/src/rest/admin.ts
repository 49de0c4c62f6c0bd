import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/** The admin's actions while impersonating a user (spec section 7, /admin/api). */
export const adminRoutes: RestRoute[] = [
  // The operator's console (issue 36), for scripts: an admin in their own session.
  {
    method: "GET",
    path: "/admin/api/audit",
    call: (caller, { query }) => caller.admin.console.audit.list(untrusted(query)),
  },
  {
    method: "GET",
    path: "/admin/api/queues",
    call: (caller) => caller.admin.console.dashboard.queues(),
  },
  {
    method: "GET",
    path: "/admin/api/users",
    call: (caller, { query }) => caller.admin.console.users.search(untrusted(query)),
  },
  {
    method: "POST",
    path: "/admin/api/deals/:id/ok",
    call: (caller, { params }) => caller.admin.reviewDeal(untrusted({ id: params.id, decision: "OK" })),
  },
  {
    method: "POST",
    path: "/admin/api/deals/:id/ko",
    call: (caller, { params }) => caller.admin.reviewDeal(untrusted({ id: params.id, decision: "KO" })),
  },
  {
    method: "POST",
    path: "/admin/api/influencers/:id/ok",
    call: (caller, { params }) => caller.admin.flagInfluencer(untrusted({ id: params.id, decision: "OK" })),
  },
  {
    method: "POST",
    path: "/admin/api/influencers/:id/ko",
    // An optional body {reason, note} (issue 36): without it, `other` and no note.
    call: (caller, { params, body }) =>
      caller.admin.flagInfluencer(
        untrusted({ ...(typeof body === "object" && body !== null ? body : {}), id: params.id, decision: "KO" }),
      ),
  },
  {
    method: "POST",
    path: "/admin/api/applications/:id/close-case",
    call: (caller, { params }) => caller.admin.closeCase(untrusted({ id: params.id })),
  },
  {
    method: "POST",
    path: "/admin/api/applications/:id/refund",
    // The body's optional `reason` is kept with a refund that waits for a second admin (the two-person rule).
    call: (caller, request) => caller.admin.refund(bodyWithPathId(request)),
  },
];
