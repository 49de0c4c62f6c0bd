import type { SignedInUser } from "./pick-tree";

/** What the brand and influencer trees know about their user from the load (the visitor tree has none). */
export interface SignedInContext {
  user: SignedInUser;
}
