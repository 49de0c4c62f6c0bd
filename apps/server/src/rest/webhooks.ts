import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/** Issue 39: an account's signed webhooks (docs/api.md, Webhooks). */
export const webhookRoutes: RestRoute[] = [
  { method: "GET", path: "/api/webhooks", call: (caller) => caller.webhooks.list() },
  { method: "POST", path: "/api/webhooks", call: (caller, { body }) => caller.webhooks.create(untrusted(body ?? {})) },
  {
    method: "POST",
    path: "/api/webhooks/:id/remove",
    call: (caller, request) => caller.webhooks.remove(bodyWithPathId(request)),
  },
  {
    method: "POST",
    path: "/api/webhooks/:id/roll-secret",
    call: (caller, request) => caller.webhooks.rollSecret(bodyWithPathId(request)),
  },
  {
    method: "POST",
    path: "/api/webhooks/:id/test",
    call: (caller, request) => caller.webhooks.test(bodyWithPathId(request)),
  },
  {
    method: "GET",
    path: "/api/webhooks/:id/deliveries",
    call: (caller, { params, query }) => caller.webhooks.deliveries(untrusted({ ...query, id: params.id })),
  },
  {
    method: "POST",
    path: "/api/webhooks/deliveries/:id/resend",
    call: (caller, request) => caller.webhooks.resend(bodyWithPathId(request)),
  },
  {
    method: "POST",
    path: "/api/webhooks/:id/pause",
    call: (caller, request) => caller.webhooks.pause(bodyWithPathId(request)),
  },
  {
    method: "POST",
    path: "/api/webhooks/:id/resume",
    call: (caller, request) => caller.webhooks.resume(bodyWithPathId(request)),
  },
];
