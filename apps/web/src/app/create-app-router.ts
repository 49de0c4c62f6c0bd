import { createRouter } from "@tanstack/react-router";
import type { Tree } from "./pick-tree";

const OPTIONS = { defaultPreload: "intent", scrollRestoration: true } as const;

/** Creates the router of the tree; each tree is its own chunk, so a page downloads only the routes of its kind. */
export async function createAppRouter(tree: Tree) {
  switch (tree.kind) {
    case "brand": {
      const { routeTree } = await import("../route-trees/brand.gen");
      return createRouter({ ...OPTIONS, routeTree, context: { user: tree.user } });
    }
    case "influencer": {
      const { routeTree } = await import("../route-trees/influencer.gen");
      return createRouter({ ...OPTIONS, routeTree, context: { user: tree.user } });
    }
    case "visitor": {
      const { routeTree } = await import("../route-trees/visitor.gen");
      return createRouter({ ...OPTIONS, routeTree });
    }
  }
}
