import { type RestRoute, untrusted } from "./route";

/** Account settings, the saved card and the networks tab (spec section 7). The picture upload is in files.ts. */
export const settingsRoutes: RestRoute[] = [
  { method: "GET", path: "/api/settings", call: (caller) => caller.settings.get() },
  { method: "POST", path: "/api/settings", call: (caller, { body }) => caller.settings.save(untrusted(body ?? {})) },
  { method: "GET", path: "/api/account/card", call: (caller) => caller.settings.card() },
  { method: "POST", path: "/api/account/card/forget", call: (caller) => caller.settings.forgetCard() },
  { method: "GET", path: "/api/networks", call: (caller) => caller.settings.networks() },
];
