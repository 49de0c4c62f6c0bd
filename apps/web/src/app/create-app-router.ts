import { createRouter } from "@tanstack/react-router";
import { loadAllTexts } from "../lib/i18n";
import type { Tree } from "./pick-tree";

const OPTIONS = { defaultPreload: "intent", scrollRestoration: true } as const;

/**
 * Creates the router of the tree; each tree is its own chunk, so a page downloads only the routes of its kind. The
 * signed-in trees fetch all the texts beside their chunk; the visitor's routes other than /find load them first.
 */
export async function createAppRouter(tree: Tree) {
  switch (tree.kind) {
    case "brand": {
      const [{ routeTree }] = await Promise.all([import("../route-trees/brand.gen"), loadAllTexts()]);
      return createRouter({ ...OPTIONS, routeTree, context: { user: tree.user } });
    }
    case "influencer": {
      const [{ routeTree }] = await Promise.all([import("../route-trees/influencer.gen"), loadAllTexts()]);
      return createRouter({ ...OPTIONS, routeTree, context: { user: tree.user } });
    }
    case "visitor": {
      const { routeTree } = await import("../route-trees/visitor.gen");
      return createRouter({ ...OPTIONS, routeTree });
    }
  }
}
