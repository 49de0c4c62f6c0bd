// The Dockerfile's stages without Docker (CI's machine has no daemon and no base images): prune the workspace, build
// it, install the server's production dependencies alone into a pruned copy, lay out the image's /app, then start
// the image's command there on a fresh PostgreSQL database and check that it answers.
//
//   node scripts/container-build.mjs [--build-from-checkout] [--keep]
//
// --build-from-checkout: the build stage's outputs (apps/server/dist, apps/web/dist) are this checkout's, already
//   built by `npm run build` (CI built them for the browser tests a step earlier), instead of a second `npm ci` and
//   build in a pruned copy: the same build on a workspace that was not pruned, minutes shorter.
// --keep: leave the working folder (its path is printed) to look into.
// PostgreSQL from TEST_DATABASE_URL (default the local one). The server runs on the `node` on PATH: CI puts Node 24
// first, the image's Node.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVE_ARGS, startBuiltServer } from "./built-server.mjs";

const root = new URL("..", import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const buildFromCheckout = args.has("--build-from-checkout");
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";

/** Build tools the production start must not need: none may be in the image's node_modules. */
const BUILD_ONLY = [
  "tsx",
  "vite",
  "vitest",
  "esbuild",
  "turbo",
  "patch-package",
  "drizzle-kit",
  "msw",
  "@biomejs/biome",
  "@playwright/test",
];

const started = Date.now();
let stageStarted = started;
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
function stage(name) {
  console.log(`\n== ${name} (${seconds(started)} s in)`);
  stageStarted = Date.now();
}
function run(command, commandArgs, cwd) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} (in ${cwd}) failed: ${result.status}`);
}
const copy = (from, to) => cpSync(from, to, { recursive: true });

/** The Dockerfile's CMD, which must be package.json's serve script: the server is started with the latter here. */
function checkImageCommand() {
  const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
  const cmd = dockerfile.match(/^CMD (\[.*\])$/m);
  if (!cmd) throw new Error("Dockerfile: no CMD [...] line");
  const expected = JSON.stringify(["node", ...SERVE_ARGS]);
  if (JSON.stringify(JSON.parse(cmd[1])) !== expected) {
    throw new Error(`Dockerfile's CMD ${cmd[1]} is not package.json's serve script ${expected}`);
  }
}

/** Stage 1: two pruned copies, server + web to build, server alone for the production dependencies. */
function prune(work) {
  stage("prune (turbo prune)");
  run(
    "npx",
    ["turbo", "prune", "@market/server", "@market/web", "--docker", "--out-dir", join(work, "prune-build")],
    root,
  );
  run("npx", ["turbo", "prune", "@market/server", "--docker", "--out-dir", join(work, "prune-server")], root);
}

/** Stage 2: every dependency and `npm run build` in the pruned copy; returns the folder holding the build. */
function build(work) {
  if (buildFromCheckout) {
    stage("build: this checkout's (--build-from-checkout)");
    for (const dist of ["apps/server/dist/main.js", "apps/web/dist/index.html"]) {
      if (!existsSync(join(root, dist))) throw new Error(`no ${dist}: run \`npm run build\` first`);
    }
    return root;
  }
  const dir = join(work, "build");
  stage("build: npm ci");
  copy(join(work, "prune-build/json"), dir);
  copy(join(work, "prune-build/package-lock.json"), join(dir, "package-lock.json"));
  copy(join(root, "patches"), join(dir, "patches"));
  copy(join(root, "patches-dev"), join(dir, "patches-dev"));
  run("npm", ["ci", "--no-audit", "--no-fund"], dir);
  stage("build: npm run build");
  copy(join(work, "prune-build/full"), dir);
  // The workspaces' tsconfig.json extend the root's, which turbo prune leaves out; esbuild and vite read it.
  copy(join(root, "tsconfig.json"), join(dir, "tsconfig.json"));
  run("npm", ["run", "build"], dir);
  return dir;
}

/** Stage 3 and 4: the server's production dependencies, patched, then the build and the migrations beside them. */
function assembleApp(work, buildDir) {
  const app = join(work, "app");
  stage("production dependencies: npm ci --omit=dev --ignore-scripts, patch-package");
  copy(join(work, "prune-server/json"), app);
  copy(join(work, "prune-server/package-lock.json"), join(app, "package-lock.json"));
  copy(join(root, "patches"), join(app, "patches"));
  run("npm", ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"], app);
  run(join(buildDir, "node_modules/.bin/patch-package"), ["--error-on-fail"], app);
  stage("runtime: the bundle, the web app, the migrations");
  copy(join(buildDir, "apps/server/dist"), join(app, "apps/server/dist"));
  copy(join(buildDir, "apps/web/dist"), join(app, "apps/web/dist"));
  copy(join(root, "drizzle"), join(app, "drizzle"));
  return app;
}

/** No build tool installed, and every package the bundle imports (at start or later, lazily) found from it. */
function checkProductionDependencies(app) {
  stage("check: the bundle's imports resolve on production dependencies alone");
  const present = BUILD_ONLY.filter((name) => existsSync(join(app, "node_modules", name)));
  if (present.length > 0) throw new Error(`build tools among the production dependencies: ${present.join(", ")}`);
  const bundle = readFileSync(join(app, "apps/server/dist/main.js"), "utf8");
  // esbuild writes the static imports at the top of a line (`import {\n a,\n b\n} from "x";`), dynamic ones as import("x").
  const statics = bundle.matchAll(/^import\s(?:[^;"]*?\sfrom\s*)?"([^"]+)";/gm);
  const dynamics = bundle.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g);
  const specifiers = new Set();
  for (const [, specifier] of [...statics, ...dynamics]) {
    if (!specifier.startsWith("node:") && !specifier.startsWith(".")) specifiers.add(specifier);
  }
  if (specifiers.size === 0) throw new Error("found no import in the bundle: has esbuild's output changed?");
  // Resolved by a node started in the bundle's folder, as its own imports are (ESM resolution, "import" condition).
  const resolver = `for (const s of ${JSON.stringify([...specifiers])}) {
    try { import.meta.resolve(s); } catch { console.log(s); process.exitCode = 1; } }`;
  const result = spawnSync("node", ["--input-type=module", "-e", resolver], {
    cwd: join(app, "apps/server/dist"),
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`the bundle imports packages that production dependencies lack:\n${result.stdout}${result.stderr}`);
  }
  console.log(`${specifiers.size} packages imported by the bundle, all installed; no build tool among them`);
}

/**
 * GET path, or `fallback` when this branch has no such route yet: then the web app's SPA fallback answers, with its
 * page (or a 404 under /api). /livez and /readyz are being added beside /health (issue 38, point 4).
 */
async function probe(baseUrl, path, fallback) {
  const response = await fetch(`${baseUrl}${path}`);
  const body = await response.text();
  const absent = response.status === 404 || response.headers.get("content-type")?.startsWith("text/html");
  if (absent && fallback) {
    console.log(`GET ${path}: no such route on this branch yet, GET ${fallback} instead`);
    return probe(baseUrl, fallback);
  }
  if (!response.ok || absent) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 200)}`);
  console.log(`GET ${path}: ${response.status} ${body.slice(0, 80)}`);
}

/** The image's command on a fresh database: it migrates, seeds, answers its probes, serves the web app, signs in. */
async function checkStart(app) {
  stage(`start: ${["node", ...SERVE_ARGS].join(" ")} on node ${process.version}, PostgreSQL`);
  const server = await startBuiltServer({}, { cwd: app, quiet: true });
  try {
    console.log(`answering at ${server.baseUrl} ${seconds(stageStarted)} s after the start`);
    // The balancer's check and the image's HEALTHCHECK.
    await probe(server.baseUrl, "/readyz", "/health");
    await probe(server.baseUrl, "/livez", "/health");
    const page = await fetch(server.baseUrl);
    if (!page.ok || !(await page.text()).includes('<div id="root">')) throw new Error(`GET /: not the web app`);
    console.log("GET /: the web app");
    // A password check: the argon2 binding loads from the production install.
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify({ login: "brand@demo.test", password: "demo-password" }),
    });
    if (login.status !== 200) throw new Error(`POST /api/login: ${login.status} ${await login.text()}`);
    console.log("POST /api/login: 200 (the demo brand)");
  } finally {
    await server.stop();
  }
}

const work = mkdtempSync(join(tmpdir(), "market-container-"));
let failed = false;
try {
  checkImageCommand();
  prune(work);
  const app = assembleApp(work, build(work));
  checkProductionDependencies(app);
  await checkStart(app);
} catch (error) {
  failed = true;
  console.error(`\ncontainer build failed: ${error instanceof Error ? error.message : error}`);
} finally {
  if (args.has("--keep")) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
console.log(`\ncontainer build ${failed ? "failed" : "passed"} in ${seconds(started)} s`);
process.exit(failed ? 1 : 0);
