import type { RestRoute } from "./route";

export const accountRoutes: RestRoute[] = [
  { method: "GET", path: "/api/me", call: (caller) => caller.account.me() },
  { method: "POST", path: "/api/onboarding/seen", call: (caller) => caller.account.onboardingSeen() },
  { method: "GET", path: "/api/balance", call: (caller) => caller.account.balance() },
  { method: "GET", path: "/api/account/card", call: (caller) => caller.account.card() },
  { method: "POST", path: "/api/account/card/forget", call: (caller) => caller.account.forgetCard() },
];
