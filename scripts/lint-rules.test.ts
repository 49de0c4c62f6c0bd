import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layering rules of biome.json (docs/architecture.md, "Layout and layers"), each proven on files that break it
 * and files that keep it. A biome plugin that fails to load, or an `includes` that matches nothing, only makes the
 * rule silent; these cases catch that. The probes are linted in a scratch copy of the configuration, never written
 * into the repository.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const biome = path.join(root, "node_modules", "@biomejs", "biome", "bin", "biome");

const WEB_TYPES_ONLY = "imports only types from @market/api";
const NO_SRC = "No relative import into a workspace's src";
const API_LAYER = "api is imported by the server and the sdk";
const CONTRACTS_ALONE = "contracts depend on nothing of ours";
const ENV = "process.env";
const AROUND_ENV = "never around noProcessEnv";
const NOTIFY_ONLY = "Write notifications with notify(tx, rows)";
const MONEY_THROUGH_TABLE = "Move an application's money through its transition's ledger movement";
const BARE_POST =
  'import type { Tx } from "@market/db";\nimport { postLedgerTransaction } from "../ledger/post";\nexport const pay = (tx: Tx) => postLedgerTransaction(tx, { kind: "payment", applicationId: 1, idempotencyKey: "k" }, {});\n';
const EXPIRY_THROUGH_TABLE = "Set a proposal's expiry through the action's setExpiry";
const BARE_EXPIRY =
  'import { applications, eq, type Tx } from "@market/db";\nexport const extend = (tx: Tx, id: number, expiration: Date) =>\n  tx.update(applications).set({ expiration, updatedAt: expiration }).where(eq(applications.id, id));\n';
const BARE_EXPIRY_VALUE =
  'import { applications, type Tx } from "@market/db";\nexport const lapse = (tx: Tx) => tx.update(applications).set({ expiration: new Date(0) });\n';
const SESSIONS_ANNOUNCED = "End sessions with invalidateSession or endUserSessions";
const BARE_SESSION_DELETE =
  'import { type Db, eq, sessions } from "@market/db";\nexport const end = (db: Db, id: string) => db.delete(sessions).where(eq(sessions.id, id));\n';
const BARE_INSERT =
  'import { notifications, type Tx } from "@market/db";\nexport const write = (tx: Tx) => tx.insert(notifications).values([]);\n';

interface Probe {
  path: string;
  code: string;
  /** A piece of the expected diagnostic's message, or null when the file keeps every layering rule. */
  breaks: string | null;
}

const probes: Probe[] = [
  {
    path: "apps/web/src/value.ts",
    code: 'import { appRouter } from "@market/api";\nexport const r = appRouter;\n',
    breaks: WEB_TYPES_ONLY,
  },
  {
    path: "apps/web/src/inline-type.ts",
    code: 'import { type AppRouter } from "@market/api";\nexport type R = AppRouter;\n',
    breaks: WEB_TYPES_ONLY,
  },
  {
    path: "apps/web/src/namespace.ts",
    code: 'import * as api from "@market/api";\nexport const r = api;\n',
    breaks: WEB_TYPES_ONLY,
  },
  { path: "apps/web/src/side-effect.ts", code: 'import "@market/api";\n', breaks: WEB_TYPES_ONLY },
  { path: "apps/web/src/re-export.ts", code: 'export { appRouter } from "@market/api";\n', breaks: WEB_TYPES_ONLY },
  {
    path: "apps/web/src/dynamic.ts",
    code: 'export const load = () => import("@market/api");\n',
    breaks: WEB_TYPES_ONLY,
  },
  {
    path: "apps/web/src/type.ts",
    code: 'import type { AppRouter } from "@market/api";\nexport type R = AppRouter;\n',
    breaks: null,
  },
  { path: "apps/web/src/type-export.ts", code: 'export type { AppRouter } from "@market/api";\n', breaks: null },

  {
    path: "apps/server/src/deep.ts",
    code: 'export { systemClock } from "../../../packages/api/src/clock";\n',
    breaks: NO_SRC,
  },
  { path: "packages/api/src/sibling.ts", code: 'export { users } from "../../db/src/schema";\n', breaks: NO_SRC },
  { path: "apps/web/src/server.ts", code: 'export type { Env } from "../../server/src/env";\n', breaks: NO_SRC },
  {
    path: "scripts/bench.ts",
    code: 'export { searchDeals } from "../packages/api/src/services/deals/search-deals";\n',
    breaks: NO_SRC,
  },
  { path: "apps/server/src/rest/own.ts", code: 'export { buildApp } from "../app";\n', breaks: null },
  { path: "scripts/by-name.ts", code: 'export { searchDeals } from "@market/api";\n', breaks: null },

  { path: "packages/api/src/server.ts", code: 'export { buildApp } from "@market/server";\n', breaks: API_LAYER },
  { path: "packages/api/src/sdk.ts", code: 'export { createClient } from "@market/sdk";\n', breaks: API_LAYER },
  {
    path: "packages/db/src/api.ts",
    code: 'export type { AppRouter } from "@market/api";\n',
    breaks: "db depends only on contracts",
  },
  {
    path: "packages/db/src/server.ts",
    code: 'export { buildApp } from "@market/server";\n',
    breaks: "db depends only on contracts",
  },
  {
    path: "apps/web/src/db.ts",
    code: 'export { users } from "@market/db";\n',
    breaks: "never imports the database layer",
  },
  { path: "packages/api/src/db.ts", code: 'export { users } from "@market/db";\n', breaks: null },

  { path: "packages/contracts/src/db.ts", code: 'export { users } from "@market/db";\n', breaks: CONTRACTS_ALONE },
  {
    path: "packages/contracts/src/api.ts",
    code: 'export type { AppRouter } from "@market/api";\n',
    breaks: CONTRACTS_ALONE,
  },
  { path: "packages/contracts/src/drizzle.ts", code: 'export { sql } from "drizzle-orm";\n', breaks: CONTRACTS_ALONE },
  {
    path: "packages/contracts/src/pg-core.ts",
    code: 'export { integer } from "drizzle-orm/pg-core";\n',
    breaks: CONTRACTS_ALONE,
  },
  { path: "packages/contracts/src/zod.ts", code: 'export { z } from "zod";\n', breaks: null },

  { path: "packages/api/src/secret.ts", code: "export const secret = process.env.SECRET;\n", breaks: ENV },
  { path: "apps/server/src/app.ts", code: "export const port = process.env.PORT;\n", breaks: ENV },
  { path: "apps/web/src/mode.ts", code: "export const mode = process.env.NODE_ENV;\n", breaks: ENV },
  {
    path: "packages/db/src/engine.int.test.ts",
    code: "export const url = process.env.TEST_DATABASE_URL;\n",
    breaks: ENV,
  },
  { path: "e2e/base.spec.ts", code: "export const base = process.env.E2E_BASE_URL;\n", breaks: ENV },
  {
    path: "apps/server/src/main.ts",
    code: "const { env } = process;\nexport const port = env.PORT;\n",
    breaks: AROUND_ENV,
  },
  { path: "apps/server/src/indexed.ts", code: 'export const port = process["env"].PORT;\n', breaks: AROUND_ENV },
  {
    path: "packages/api/src/reflected.ts",
    code: 'export const secret = Reflect.get(process, "env").SECRET;\n',
    breaks: AROUND_ENV,
  },
  { path: "apps/server/src/env.ts", code: "const { env } = process;\nexport const port = env.PORT;\n", breaks: null },
  { path: "apps/server/src/exit.ts", code: "export const stop = () => process.exit(1);\n", breaks: null },
  { path: "apps/server/src/env.ts", code: "export const port = process.env.PORT;\n", breaks: null },
  { path: "packages/db/src/testing/env.ts", code: "export const url = process.env.TEST_DATABASE_URL;\n", breaks: null },
  { path: "scripts/runner.mjs", code: "export const ci = process.env.CI;\n", breaks: null },
  { path: "apps/web/vite.config.ts", code: "export const port = process.env.SERVER_PORT;\n", breaks: null },

  { path: "packages/api/src/services/payments/by-hand.ts", code: BARE_POST, breaks: MONEY_THROUGH_TABLE },
  { path: "packages/api/src/services/admin/refund-by-hand.ts", code: BARE_POST, breaks: MONEY_THROUGH_TABLE },
  { path: "packages/api/src/services/ledger/post-movement.ts", code: BARE_POST, breaks: null },
  { path: "packages/api/src/services/payouts/settle.ts", code: BARE_POST, breaks: null },
  { path: "packages/api/src/services/payments/fixture.int.test.ts", code: BARE_POST, breaks: null },
  { path: "packages/api/src/services/applications/proposals.ts", code: BARE_EXPIRY, breaks: EXPIRY_THROUGH_TABLE },
  { path: "packages/api/src/services/admin/lapse.ts", code: BARE_EXPIRY_VALUE, breaks: EXPIRY_THROUGH_TABLE },
  {
    path: "packages/api/src/services/applications/lifecycle/apply-action.ts",
    code: BARE_EXPIRY,
    breaks: null,
  },
  { path: "packages/api/src/services/applications/expiry.int.test.ts", code: BARE_EXPIRY, breaks: null },
  { path: "packages/api/src/services/chat/bare.ts", code: BARE_INSERT, breaks: NOTIFY_ONLY },
  { path: "packages/api/src/services/notifications/notify.ts", code: BARE_INSERT, breaks: null },
  { path: "packages/api/src/services/chat/fixture.int.test.ts", code: BARE_INSERT, breaks: null },

  { path: "packages/api/src/services/admin/end.ts", code: BARE_SESSION_DELETE, breaks: SESSIONS_ANNOUNCED },
  { path: "packages/api/src/services/auth/sessions.ts", code: BARE_SESSION_DELETE, breaks: null },
  { path: "packages/api/src/services/auth/end.int.test.ts", code: BARE_SESSION_DELETE, breaks: null },
];

const LAYERING = new Set(["plugin", "lint/style/noRestrictedImports", "lint/style/noProcessEnv"]);

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let scratch: string;
let found: Map<string, string[]>;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "lint-rules-"));
  const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
  config.$schema = undefined;
  config.vcs = { enabled: false };
  writeFileSync(path.join(scratch, "biome.json"), JSON.stringify(config));
  cpSync(path.join(root, "lint"), path.join(scratch, "lint"), { recursive: true });
  for (const probe of probes) {
    mkdirSync(path.dirname(path.join(scratch, probe.path)), { recursive: true });
    writeFileSync(path.join(scratch, probe.path), probe.code);
  }
  const run = spawnSync(process.execPath, [biome, "lint", "--reporter=json", "--max-diagnostics=1000", "."], {
    cwd: scratch,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  found = new Map();
  for (const diagnostic of report.diagnostics) {
    if (!LAYERING.has(diagnostic.category)) continue;
    const file = diagnostic.location.path.split(path.sep).join("/");
    found.set(file, [...(found.get(file) ?? []), diagnostic.message]);
  }
}, 30_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("layering rules", () => {
  it.each(probes.filter((probe) => probe.breaks !== null))("refuse $path", ({ path: file, breaks }) => {
    expect(found.get(file)?.join("\n")).toContain(breaks);
  });

  it.each(probes.filter((probe) => probe.breaks === null))("accept $path", ({ path: file }) => {
    expect(found.get(file)).toBeUndefined();
  });
});
