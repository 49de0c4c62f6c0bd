import type { SignedInUser } from "../../app/pick-tree";

/**
 * Spec section 2: the onboarding modal follows sign-up, until the user passes it. An admin using the account
 * never sees it: it is the user's own first visit.
 */
export const showsOnboarding = (user: Pick<SignedInUser, "hasSeenOnboarding" | "isImpersonating">): boolean =>
  !user.hasSeenOnboarding && !user.isImpersonating;
