import { bodyWithPathId, type RestRoute, untrusted } from "./route";

/** API keys (issue 39): a session's only; a key's request is refused as session_required. */
export const apiKeyRoutes: RestRoute[] = [
  { method: "GET", path: "/api/keys", call: (caller) => caller.keys.list() },
  { method: "POST", path: "/api/keys", call: (caller, { body }) => caller.keys.create(untrusted(body ?? {})) },
  {
    method: "POST",
    path: "/api/keys/:id/revoke",
    call: (caller, request) => caller.keys.revoke(bodyWithPathId(request)),
  },
  { method: "POST", path: "/api/keys/:id/roll", call: (caller, request) => caller.keys.roll(bodyWithPathId(request)) },
];
