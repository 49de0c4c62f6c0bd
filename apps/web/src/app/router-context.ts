import type { QueryClient } from "@tanstack/react-query";
import type { QueryUtils } from "../lib/trpc";
import type { SignedInUser } from "./pick-tree";

/**
 * What the brand and influencer trees know from the load (the visitor tree has none): the user, and the page's
 * query client with the tRPC utilities over it, so a route's loader fills the cache its screen reads from
 * (screen-load.ts).
 */
export interface SignedInContext {
  user: SignedInUser;
  queryClient: QueryClient;
  queries: QueryUtils;
}
