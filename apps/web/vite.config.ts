import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const server = `http://127.0.0.1:${process.env.SERVER_PORT ?? "3000"}`;

/**
 * One generated route tree per kind of user (spec section 2), and the operator's console for an admin in their own
 * session (issue 36); main.tsx picks one at load.
 */
const routeTree = (kind: "admin" | "brand" | "influencer" | "visitor") =>
  tanstackRouter({
    target: "react",
    routesDirectory: `${root}src/routes/${kind}`,
    generatedRouteTree: `${root}src/route-trees/${kind}.gen.ts`,
    autoCodeSplitting: true,
    quoteStyle: "double",
  });

export default defineConfig({
  root,
  plugins: [
    routeTree("admin"),
    routeTree("brand"),
    routeTree("influencer"),
    routeTree("visitor"),
    react(),
    tailwindcss(),
    precompress(),
  ],
  server: {
    // The paths the server owns (apps/server/src/http/spa.ts): forwarded so that the page and the API share one
    // origin in development as in production (session cookie, CSRF check).
    proxy: {
      "/trpc": { target: server, ws: true },
      // The documented WebSocket door to the notification stream (the web app itself uses /trpc's).
      "/notifications": { target: server, ws: true },
      "/api": server,
      "/auth": server,
      "/admin/api": server,
      "/admin/login": server,
      "/files": server,
      "/health": server,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
