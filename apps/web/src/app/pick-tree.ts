import type { AppRouter } from "@market/api";
import type { inferRouterOutputs } from "@trpc/server";

export type Me = inferRouterOutputs<AppRouter>["account"]["me"];
export type SignedInUser = NonNullable<Me["user"]>;

/** Which route tree the page runs, with the user it runs for (spec section 2: routes depend on the kind at load). */
export type Tree =
  | { kind: "admin"; user: SignedInUser }
  | { kind: "brand"; user: SignedInUser }
  | { kind: "influencer"; user: SignedInUser }
  | { kind: "visitor"; user: null };

/**
 * An admin in their own session gets the console. A signed-in kind without its user cannot use the signed-in screens, so it
 * gets the visitor's.
 */
export function pickTree(me: Me): Tree {
  // An admin in their own session runs the operator's console (issue 36); acting as a user, that user's tree.
  if (me.user?.isAdmin) return { kind: "admin", user: me.user };
  if (me.kind === "brand" && me.user) return { kind: "brand", user: me.user };
  if (me.kind === "influencer" && me.user) return { kind: "influencer", user: me.user };
  return { kind: "visitor", user: null };
}
