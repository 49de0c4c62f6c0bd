import { type RestRoute, untrusted } from "./route";

/** Account settings (spec section 7). The picture upload is in files.ts; the networks tab's paths in networks.ts. */
export const settingsRoutes: RestRoute[] = [
  { method: "GET", path: "/api/settings", call: (caller) => caller.settings.get() },
  { method: "POST", path: "/api/settings", call: (caller, { body }) => caller.settings.save(untrusted(body ?? {})) },
];
