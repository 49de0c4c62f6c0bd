// `npm run dev`: the server with reload on change (tsx watch, :3000) and Vite's dev server with hot module
// replacement (:5173, proxying the API to the server). Ctrl-C stops both.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "apps/server/src/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? "/nonexistent" },
  }),
  spawn("npx", ["vite", "--host", "127.0.0.1"], { stdio: "inherit", cwd: "apps/web" }),
];

const stop = (code) => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
