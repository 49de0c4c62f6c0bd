import { type RestRoute, untrusted } from "./route";

/** Accounts: sign-up, login, logout, passwords (spec section 7), and the admin's way back from impersonation. */
export const authRoutes: RestRoute[] = [
  { method: "POST", path: "/api/signup", call: (caller, { body }) => caller.auth.signUp(untrusted(body)) },
  { method: "POST", path: "/api/login", call: (caller, { body }) => caller.auth.login(untrusted(body)) },
  { method: "POST", path: "/api/logout", call: (caller) => caller.auth.logout() },
  {
    method: "POST",
    path: "/api/reset-password",
    call: (caller, { body }) => caller.auth.requestPasswordReset(untrusted(body)),
  },
  {
    method: "POST",
    path: "/api/reset-password/confirm",
    call: (caller, { body }) => caller.auth.resetPassword(untrusted(body)),
  },
  {
    method: "POST",
    path: "/api/change-password",
    call: (caller, { body }) => caller.auth.changePassword(untrusted(body)),
  },
  { method: "POST", path: "/admin/api/stop-impersonating", call: (caller) => caller.auth.stopImpersonating() },
];
