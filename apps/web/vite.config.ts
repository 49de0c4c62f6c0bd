import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const server = `http://127.0.0.1:${process.env.SERVER_PORT ?? "3000"}`;

/** One generated route tree per kind of user (spec section 2); main.tsx picks one at load. */
const routeTree = (kind: "brand" | "influencer" | "visitor") =>
  tanstackRouter({
    target: "react",
    routesDirectory: `${root}src/routes/${kind}`,
    generatedRouteTree: `${root}src/route-trees/${kind}.gen.ts`,
    autoCodeSplitting: true,
    quoteStyle: "double",
  });

export default defineConfig({
  root,
  plugins: [routeTree("brand"), routeTree("influencer"), routeTree("visitor"), react(), tailwindcss()],
  server: {
    proxy: {
      "/trpc": { target: server, ws: true },
      "/api": server,
      "/admin/api": server,
      "/files": server,
      "/health": server,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // @market/contracts builds its zod schemas at module load; the web mostly needs its constants, and
        // without this the whole of zod ships to every visitor.
        moduleSideEffects: [{ test: /\/packages\/contracts\/src\//, sideEffects: false }],
      },
    },
  },
});
