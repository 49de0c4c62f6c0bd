// `npm run dev`: the server with reload on change (tsx watch, :3000) and Vite's dev server with hot module
// replacement (:5173, proxying the API to the server). Ctrl-C stops both.
import { spawn } from "node:child_process";

const WEB_URL = "http://127.0.0.1:5173";

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "apps/server/src/main.ts"], {
    stdio: "inherit",
    // The pages are Vite's here (the server serves no web app): the server's ready line and mail links name them.
    env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? "/nonexistent", PUBLIC_URL: WEB_URL },
  }),
  spawn("npx", ["vite", "--host", "127.0.0.1", "--port", "5173", "--strictPort"], {
    stdio: "inherit",
    cwd: "apps/web",
  }),
];

const stop = (code) => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
