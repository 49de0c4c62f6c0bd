import type { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { loadAllTexts } from "../lib/i18n";
import type { QueryUtils } from "../lib/trpc";
import type { Tree } from "./pick-tree";
import { parsePlainSearch, stringifyPlainSearch } from "./plain-search";

/** Links preload their screen on intent (hover, focus, touch). */
const OPTIONS = { defaultPreload: "intent", scrollRestoration: true } as const;

/**
 * The signed-in routes' loaders fill the query cache (screen-load.ts), and the query cache alone decides what is
 * fresh (its staleTime, lib/query-client.ts): the router runs a loader on every navigation and preload
 * (defaultPreloadStaleTime 0), where a fresh answer costs nothing and an invalidated one (a live notification) is
 * read again.
 */
const SIGNED_IN_OPTIONS = { ...OPTIONS, defaultPreloadStaleTime: 0 } as const;

/** The page's query client and the tRPC utilities over it (main.tsx), handed to the signed-in trees' loaders. */
export interface RouterQueries {
  queryClient: QueryClient;
  queries: QueryUtils;
}

/**
 * Creates the router of the tree; each tree is its own chunk, so a page downloads only the routes of its kind. The
 * signed-in trees fetch all the texts beside their chunk; the visitor's routes other than /find load them first.
 */
export async function createAppRouter(tree: Tree, { queryClient, queries }: RouterQueries) {
  switch (tree.kind) {
    case "admin": {
      const [{ routeTree }] = await Promise.all([import("../route-trees/admin.gen"), loadAllTexts()]);
      return createRouter({
        ...SIGNED_IN_OPTIONS,
        routeTree,
        context: { user: tree.user, queryClient, queries },
        parseSearch: parsePlainSearch,
        stringifySearch: stringifyPlainSearch,
      });
    }
    case "brand": {
      const [{ routeTree }] = await Promise.all([import("../route-trees/brand.gen"), loadAllTexts()]);
      return createRouter({ ...SIGNED_IN_OPTIONS, routeTree, context: { user: tree.user, queryClient, queries } });
    }
    case "influencer": {
      const [{ routeTree }] = await Promise.all([import("../route-trees/influencer.gen"), loadAllTexts()]);
      return createRouter({ ...SIGNED_IN_OPTIONS, routeTree, context: { user: tree.user, queryClient, queries } });
    }
    case "visitor": {
      const { routeTree } = await import("../route-trees/visitor.gen");
      return createRouter({ ...OPTIONS, routeTree });
    }
  }
}
