import { type RestRoute, untrusted } from "./route";

/** Account settings and the networks tab (spec section 7). The picture upload is in files.ts. */
export const settingsRoutes: RestRoute[] = [
  { method: "GET", path: "/api/settings", call: (caller) => caller.settings.get() },
  { method: "POST", path: "/api/settings", call: (caller, { body }) => caller.settings.save(untrusted(body ?? {})) },
  { method: "GET", path: "/api/networks", call: (caller) => caller.settings.networks() },
];
