import { type RestRoute, untrusted } from "./route";

/** The networks tab's calls (spec section 7), and the Instagram code (under /auth, answering the envelope). */
export const networkRoutes: RestRoute[] = [
  { method: "GET", path: "/api/networks", call: (caller) => caller.networks.list() },
  { method: "POST", path: "/api/networks", call: (caller, { body }) => caller.networks.add(untrusted(body)) },
  {
    method: "POST",
    path: "/api/networks/remove",
    call: (caller, { body }) => caller.networks.remove(untrusted(body)),
  },
  {
    method: "POST",
    path: "/api/networks/refresh",
    call: (caller, { body }) => caller.networks.refresh(untrusted(body)),
  },
  {
    method: "POST",
    path: "/api/networks/choose",
    call: (caller, { body }) => caller.networks.choose(untrusted(body)),
  },
  {
    method: "POST",
    path: "/auth/instagram/token",
    call: (caller, { body }) => caller.networks.instagramCode(untrusted(body)),
  },
  { method: "GET", path: "/api/profile", call: (caller) => caller.influencers.own() },
];
