import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { createDb, type Db, type DbHandle, pgliteHandle, rowsOf } from "../client";
import { migrate, resolveMigrationsFolder } from "../migrate";
import * as schema from "../schema";
import { preparingClient } from "../speed/prepared-statements";
import { testDatabaseUrl } from "./env";

export { moneyModelSeed, moneyModelSequences } from "./env";
export { testDatabaseUrl };

export interface TestDb {
  db: Db;
  handle: DbHandle;
  /** The database's URL on PostgreSQL, so a test can open a second pool on it (a second instance); none on PGlite. */
  url?: string;
  /** Closes the connection; on PostgreSQL also drops the database. */
  close(): Promise<void>;
}

/**
 * A freshly migrated, empty database for one test file (or one test): a new PostgreSQL database when
 * TEST_DATABASE_URL is set (CI), otherwise an in-memory PGlite.
 */
export async function createTestDb(): Promise<TestDb> {
  return testDatabaseUrl ? createPostgresTestDb(testDatabaseUrl) : createPgliteTestDb();
}

/**
 * Gives the calling test file a fresh database (createTestDb): registers the beforeAll that creates it and the
 * afterAll that closes it, so a file's setup is one line. Call it at the top level, before any beforeAll that seeds
 * data (Vitest runs them in order); read its fields inside hooks and tests.
 */
export function useTestDb(): TestDb {
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb?.close();
  });
  const ready = () => {
    if (!testDb) throw new Error("useTestDb: read before its beforeAll ran; read it inside a hook or a test.");
    return testDb;
  };
  return {
    get db() {
      return ready().db;
    },
    get handle() {
      return ready().handle;
    },
    get url() {
      return ready().url;
    },
    close: () => ready().close(),
  };
}

/** Empties every application table and restarts identities, keeping the schema. */
export async function truncateAll(db: Db): Promise<void> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`),
  );
  if (tables.length === 0) return;
  await db.execute(sql.raw(`truncate table ${tables.map((t) => t.name).join(", ")} restart identity cascade`));
}

/**
 * A second drizzle over the same connection that counts the statements it sends, prepared queries included
 * (drizzle logs each one it runs), for a test that bounds the queries of a read (no N+1). `turns()` counts the
 * turns of the event loop in which it sent any: statements sent in one turn go together (postgres.js pipelines them
 * on a connection, one round trip), while a statement sent after another's answer takes a turn of its own. BEGIN
 * and COMMIT are not drizzle's statements and are not counted.
 */
export function statementCounter(handle: DbHandle): {
  db: Db;
  statements(): number;
  turns(): number;
  reset(): void;
} {
  let statements = 0;
  let turns = 0;
  let turnOpen = false;
  const logger = {
    logQuery() {
      statements += 1;
      if (turnOpen) return;
      turns += 1;
      turnOpen = true;
      setImmediate(() => {
        turnOpen = false;
      });
    },
  };
  const db =
    handle.kind === "pglite"
      ? drizzlePglite({ client: handle.raw, schema, logger })
      : drizzlePostgres({ client: preparingClient(handle.raw), schema, logger });
  return {
    db,
    statements: () => statements,
    turns: () => turns,
    reset() {
      statements = 0;
      turns = 0;
    },
  };
}

// PGlite: a fresh instance takes seconds (initdb, then migrations), loading a migrated snapshot about
// half a second. Vitest isolates test files, so the snapshot is cached on disk, keyed by the migrations
// and the PGlite version, and built once per machine rather than once per test file.
let pgliteSnapshot: Promise<Blob> | undefined;

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  for (let dir = path.dirname(entry); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
  }
  return "unknown";
}

async function buildPgliteSnapshot(): Promise<Blob> {
  const key = `${pgliteVersion()}-${migrationsHash(resolveMigrationsFolder())}`;
  const file = path.join(tmpdir(), `market-db-pglite-${key}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const seed = await createDb();
  try {
    await migrate(seed);
    if (seed.kind !== "pglite") throw new Error("expected PGlite");
    const snapshot = await seed.raw.dumpDataDir("none");
    // Written aside then renamed: parallel workers never read a partial file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, new Uint8Array(await snapshot.arrayBuffer()));
    renameSync(partial, file);
    return snapshot;
  } finally {
    await seed.close();
  }
}

async function createPgliteTestDb(): Promise<TestDb> {
  pgliteSnapshot ??= buildPgliteSnapshot().catch((error: unknown) => {
    pgliteSnapshot = undefined;
    throw error;
  });
  const handle = pgliteHandle(await PGlite.create({ loadDataDir: await pgliteSnapshot }));
  return { db: handle.db, handle, close: handle.close };
}

// PostgreSQL: one migrated template database per migrations content, shared across processes and runs,
// then each test database is a cheap CREATE DATABASE ... TEMPLATE copy.
const TEMPLATE_LOCK_KEY = 727_002;

function migrationsHash(folder: string): string {
  const hash = createHash("sha256");
  const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files.filter((f) => f.endsWith(".sql") || f.endsWith("_journal.json"))) {
    hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

let templateName: Promise<string> | undefined;

async function ensureTemplate(admin: postgres.Sql, serverUrl: string): Promise<string> {
  const name = `test_tpl_${migrationsHash(resolveMigrationsFolder())}`;
  // Processes (vitest workers) race here; the advisory lock lets one build the template.
  const lock = await admin.reserve();
  try {
    await lock`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`;
    const [exists] = await lock`select 1 from pg_database where datname = ${name}`;
    if (!exists) {
      // Built under a temporary name and renamed, so a crash never leaves a half-migrated template.
      const building = `${name}_${randomBytes(4).toString("hex")}`;
      await lock.unsafe(`create database "${building}"`);
      const handle = await createDb({ url: databaseUrl(serverUrl, building), max: 2 });
      try {
        await migrate(handle);
      } finally {
        await handle.close();
      }
      await lock.unsafe(`alter database "${building}" rename to "${name}"`);
    }
  } finally {
    await lock`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`;
    lock.release();
  }
  return name;
}

async function createPostgresTestDb(serverUrl: string): Promise<TestDb> {
  const admin = postgres(serverUrl, { max: 2, onnotice: () => {} });
  try {
    templateName ??= ensureTemplate(admin, serverUrl);
    const template = await templateName;
    const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    await admin.unsafe(`create database "${name}" template "${template}"`);
    const url = databaseUrl(serverUrl, name);
    const handle = await createDb({ url, max: 5 });
    return {
      db: handle.db,
      handle,
      url,
      close: async () => {
        await handle.close();
        const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
        try {
          await dropper.unsafe(`drop database if exists "${name}" with (force)`);
        } finally {
          await dropper.end({ timeout: 5 });
        }
      },
    };
  } catch (error) {
    templateName = undefined;
    throw error;
  } finally {
    await admin.end({ timeout: 5 });
  }
}
