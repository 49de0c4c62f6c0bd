import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The rules of .dependency-cruiser.cjs (run by `npm run lint`), each proven on an import that breaks it and one
 * that keeps it. The probes live in a scratch copy holding the configuration, every package.json and a link to
 * node_modules, never in the repository; a rule whose paths match nothing would only be silent, which this catches.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cruiser = path.join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

const WORKSPACES = ["packages/api", "packages/contracts", "packages/db", "packages/sdk", "apps/server", "apps/web"];

interface Probe {
  path: string;
  code: string;
  /** The rule the file breaks, or null when it keeps every rule. */
  breaks: string | null;
}

/** Files the probes import, so that a relative import resolves: their own imports keep every rule. */
const targets: Record<string, string> = {
  "packages/db/src/schema.ts": "export const users = 1;\n",
  "packages/api/src/root.ts": "export const appRouter = 1;\n",
  "apps/server/src/app.ts": "export const buildApp = 1;\n",
  "packages/sdk/src/index.ts": "export const createClient = 1;\n",
  "packages/api/src/services/applications/lifecycle/transitions.ts": "export const TRANSITIONS = 1;\n",
  "packages/api/src/services/files/store.ts": "export const store = 1;\n",
};

/** The other half of cycle-a's cycle, which dependency-cruiser reports once, from the side it met first. */
const cyclePartner = {
  "packages/contracts/src/cycle-b.ts": 'import type { a } from "./cycle-a";\nexport const b: typeof a = 1;\n',
};

const probes: Probe[] = [
  {
    path: "packages/api/src/services/deals/http.ts",
    code: 'import Fastify from "fastify";\nexport const app = Fastify;\n',
    breaks: "services-know-no-transport",
  },
  {
    path: "packages/api/src/services/deals/trpc.ts",
    code: 'import { TRPCError } from "@trpc/server";\nexport const e = TRPCError;\n',
    breaks: "services-know-no-transport",
  },
  {
    path: "packages/api/src/services/deals/trpc.int.test.ts",
    code: 'import { TRPCError } from "@trpc/server";\nexport const e = TRPCError;\n',
    breaks: null,
  },
  { path: "packages/api/src/trpc-edge.ts", code: 'export { TRPCError } from "@trpc/server";\n', breaks: null },
  {
    path: "packages/api/src/hoisted.ts",
    code: 'import Fastify from "fastify";\nexport const app = Fastify;\n',
    breaks: "undeclared",
  },
  { path: "packages/contracts/src/orm.ts", code: 'export { sql } from "drizzle-orm";\n', breaks: "undeclared" },
  { path: "packages/db/src/orm.ts", code: 'export { sql } from "drizzle-orm";\n', breaks: null },
  {
    path: "apps/web/src/features/hash.ts",
    code: 'import { createHash } from "node:crypto";\nexport const h = createHash;\n',
    breaks: "web-no-node",
  },
  { path: "apps/web/src/lib/path.ts", code: 'export { join } from "path";\n', breaks: "web-no-node" },
  { path: "apps/web/vite-helper.ts", code: 'export { join } from "node:path";\n', breaks: null },
  {
    path: "packages/contracts/src/cycle-a.ts",
    code: 'export { b } from "./cycle-b";\nexport const a = 1;\n',
    breaks: "no-circular",
  },
  { path: "packages/contracts/src/missing.ts", code: 'export { x } from "./nowhere";\n', breaks: "unresolvable" },
  {
    path: "packages/contracts/src/db.ts",
    code: 'export { users } from "../../db/src/schema";\n',
    breaks: "package:packages/contracts",
  },
  {
    path: "packages/db/src/api.ts",
    code: 'export { appRouter } from "../../api/src/root";\n',
    breaks: "package:packages/db",
  },
  {
    path: "packages/api/src/server.ts",
    code: 'export { buildApp } from "../../../apps/server/src/app";\n',
    breaks: "package:packages/api",
  },
  { path: "packages/api/src/db.ts", code: 'export { users } from "../../db/src/schema";\n', breaks: null },
  {
    path: "apps/web/src/db.ts",
    code: 'export { users } from "../../../packages/db/src/schema";\n',
    breaks: "package:apps/web",
  },
  {
    path: "apps/server/src/sdk.ts",
    code: 'export { createClient } from "../../../packages/sdk/src/index";\n',
    breaks: "package:apps/server",
  },
  {
    path: "apps/server/src/sdk.int.test.ts",
    code: 'export { createClient } from "../../../packages/sdk/src/index";\n',
    breaks: null,
  },
  {
    path: "packages/api/src/services/ledger/lifecycle.ts",
    code: 'export { TRANSITIONS } from "../applications/lifecycle/transitions";\n',
    breaks: "area:ledger",
  },
  {
    path: "packages/api/src/services/settings/store.ts",
    code: 'export { store } from "../files/store";\n',
    breaks: null,
  },
  {
    path: "packages/api/src/services/ledger/testing/fixture.ts",
    code: 'export { TRANSITIONS } from "../../applications/lifecycle/transitions";\n',
    breaks: null,
  },
];

interface Violation {
  from: string;
  rule: { name: string };
}

let scratch: string;
let found: Map<string, string[]>;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "dependency-rules-"));
  cpSync(path.join(root, ".dependency-cruiser.cjs"), path.join(scratch, ".dependency-cruiser.cjs"));
  cpSync(path.join(root, "package.json"), path.join(scratch, "package.json"));
  for (const workspace of WORKSPACES) {
    mkdirSync(path.join(scratch, workspace), { recursive: true });
    cpSync(path.join(root, workspace, "package.json"), path.join(scratch, workspace, "package.json"));
  }
  symlinkSync(path.join(root, "node_modules"), path.join(scratch, "node_modules"), "dir");
  const files = { ...targets, ...cyclePartner, ...Object.fromEntries(probes.map((probe) => [probe.path, probe.code])) };
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), code);
  }
  const run = spawnSync(process.execPath, [cruiser, "--output-type", "json", "packages", "apps"], {
    cwd: scratch,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  found = new Map();
  for (const violation of report.summary.violations) {
    found.set(violation.from, [...(found.get(violation.from) ?? []), violation.rule.name]);
  }
}, 60_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("dependency rules", () => {
  it("leave the files the probes import alone", () => {
    expect(Object.keys(targets).filter((file) => found.has(file))).toEqual([]);
  });

  it.each(probes.filter((probe) => probe.breaks !== null))("refuse $path ($breaks)", ({ path: file, breaks }) => {
    expect(found.get(file)).toContain(breaks);
  });

  it.each(probes.filter((probe) => probe.breaks === null))("accept $path", ({ path: file }) => {
    expect(found.get(file)).toBeUndefined();
  });
});
