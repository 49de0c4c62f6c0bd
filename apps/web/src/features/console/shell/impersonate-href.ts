import { type AccountKind, impersonationNextPath } from "@market/contracts";

const U = { influencer: "i", brand: "b" } as const satisfies Record<AccountKind, string>;

/**
 * The console's "Open as …" link (GET /admin/login, spec section 2): the admin starts acting as the user and lands on
 * `next`, the page of the object the console showed (the campaign, the application, the earnings), when it is a path
 * of the user's own tree, checked as the server checks it (contracts' impersonationNextPath); else on their home.
 */
export function impersonateHref(kind: AccountKind, userId: number, next?: string): string {
  const query = new URLSearchParams({ u: U[kind], id: String(userId) });
  const path = next === undefined ? null : impersonationNextPath(kind, next);
  if (path !== null) query.set("next", path);
  return `/admin/login?${query}`;
}
