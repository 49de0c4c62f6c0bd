import type { UserKind } from "@market/contracts";
import type { ParseKeys } from "i18next";
import type { FileRoutesByTo as AdminRoutes } from "../route-trees/admin.gen";
import type { FileRoutesByTo as BrandRoutes } from "../route-trees/brand.gen";
import type { FileRoutesByTo as InfluencerRoutes } from "../route-trees/influencer.gen";
import type { FileRoutesByTo as VisitorRoutes } from "../route-trees/visitor.gen";

/** The kind of a route tree: a kind of user's (spec section 2), or the operator's console (issue 36). */
export type ShellKind = UserKind | "admin";

/** Where an unknown route sends each kind of user (spec section 2). */
export const HOME_PATHS: Record<ShellKind, string> = {
  admin: "/admin",
  brand: "/campaigns",
  influencer: "/search",
  visitor: "/find",
};

/** A path a page of the kind's route tree answers; the catch-all ("/$") is no destination. */
type PagePath<Routes> = Exclude<keyof Routes & string, "/$">;

export interface NavEntry<Path extends string = string> {
  to: Path;
  labelKey: ParseKeys;
}

/**
 * The header entries of each kind (desktop bar and mobile menu), the one list of where the header leads. Each
 * path must be one of its tree's routes (the types say so), so a screen not built yet has no entry rather than a
 * link that silently lands home: a new page adds its route and then its entry here.
 */
export const NAV_ENTRIES: {
  admin: readonly NavEntry<PagePath<AdminRoutes>>[];
  brand: readonly NavEntry<PagePath<BrandRoutes>>[];
  influencer: readonly NavEntry<PagePath<InfluencerRoutes>>[];
  visitor: readonly NavEntry<PagePath<VisitorRoutes>>[];
} = {
  admin: [
    { to: "/admin", labelKey: "NAV.ADMIN_DASHBOARD" },
    { to: "/admin/payouts", labelKey: "NAV.ADMIN_PAYOUTS" },
    { to: "/admin/cases", labelKey: "NAV.ADMIN_CASES" },
    { to: "/admin/flags", labelKey: "NAV.ADMIN_FLAGS" },
    { to: "/admin/users", labelKey: "NAV.ADMIN_USERS" },
    { to: "/admin/refunds", labelKey: "NAV.ADMIN_REFUNDS" },
    { to: "/admin/reviews", labelKey: "NAV.ADMIN_REVIEWS" },
    { to: "/admin/audit", labelKey: "NAV.ADMIN_AUDIT" },
  ],
  brand: [
    { to: "/campaigns", labelKey: "NAV.CAMPAIGNS" },
    { to: "/applications", labelKey: "NAV.APPLICATIONS" },
    { to: "/find", labelKey: "NAV.FIND_INFLUENCERS" },
    { to: "/hires", labelKey: "NAV.HIRES" },
    { to: "/reports", labelKey: "NAV.REPORTS" },
    { to: "/settings", labelKey: "NAV.SETTINGS" },
    { to: "/help", labelKey: "NAV.HELP" },
  ],
  influencer: [
    { to: "/search", labelKey: "NAV.FIND_DEALS" },
    { to: "/proposals", labelKey: "NAV.PROPOSALS" },
    { to: "/earnings", labelKey: "NAV.EARNINGS" },
    { to: "/profile", labelKey: "NAV.PROFILE" },
    { to: "/account", labelKey: "NAV.ACCOUNT" },
    { to: "/help-center", labelKey: "NAV.HELP_CENTER" },
  ],
  visitor: [{ to: "/find", labelKey: "NAV.FIND_INFLUENCERS" }],
};

/** The visitor's calls to action, shown apart from the navigation. */
export const VISITOR_ACTIONS = {
  logIn: { to: "/login", labelKey: "NAV.LOG_IN" },
  signUp: { to: "/signup", labelKey: "NAV.SIGN_UP" },
} as const satisfies Record<string, NavEntry<PagePath<VisitorRoutes>>>;
