import type { UserKind } from "@market/contracts";
import type { ParseKeys } from "i18next";

/** Where an unknown route sends each kind of user (spec section 2). */
export const HOME_PATHS: Record<UserKind, string> = {
  brand: "/campaigns",
  influencer: "/search",
  visitor: "/find",
};

export interface NavEntry {
  to: string;
  labelKey: ParseKeys;
}

/**
 * The header entries of each kind. A destination whose screen is not built yet is not in the kind's route tree,
 * so the unknown-route rule takes the user home (src/routes/README.md lists what each tree holds).
 */
export const NAV_ENTRIES: Record<UserKind, readonly NavEntry[]> = {
  brand: [
    { to: "/campaigns", labelKey: "NAV.CAMPAIGNS" },
    { to: "/find", labelKey: "NAV.FIND_INFLUENCERS" },
    { to: "/hires", labelKey: "NAV.HIRES" },
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
} as const satisfies Record<string, NavEntry>;
