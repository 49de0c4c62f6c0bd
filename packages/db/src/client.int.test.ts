import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle, rowsOf } from "./client";
import { migrate, resolveMigrationsFolder } from "./migrate";
import { users } from "./schema";
import { testDatabaseUrl } from "./testing/env";

// Fresh PGlite instances run initdb (seconds; far longer on a loaded machine), hence the long timeouts.

const publicTables = async (handle: DbHandle) =>
  rowsOf<{ tablename: string }>(
    await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`),
  ).map((row) => row.tablename);

const appliedMigrations = async (handle: DbHandle) =>
  rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]
    ?.n;

describe("createDb + migrate on in-memory PGlite", () => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await createDb();
    await migrate(handle);
  }, 180_000);
  afterAll(() => handle.close());

  it("creates every table of the schema", async () => {
    expect(handle.kind).toBe("pglite");
    const tables = await publicTables(handle);
    expect(tables).toEqual(
      expect.arrayContaining(["users", "sessions", "influencer_profiles", "networks", "deals", "applications"]),
    );
    expect(tables).toEqual(expect.arrayContaining(["ledger_entries", "ledger_transactions", "outgoing_mail"]));
  });

  it("is idempotent", async () => {
    const before = await appliedMigrations(handle);
    await migrate(handle);
    expect(await appliedMigrations(handle)).toBe(before);
  });
});

describe("createDb with a PGlite data directory", () => {
  it("creates a missing data directory and keeps data across reopenings", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "market-db-"));
    // A fresh clone has no .data/ yet: the directory and its parents must be created.
    const dataDir = path.join(parent, ".data", "pglite");
    try {
      const first = await createDb({ dataDir });
      await migrate(first);
      await first.db.insert(users).values({ kind: "brand", username: "kept", email: "k@x.test", passwordHash: "x" });
      await first.close();
      const second = await createDb({ dataDir });
      expect(await second.db.$count(users)).toBe(1);
      await second.close();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.runIf(testDatabaseUrl)("migrate on PostgreSQL", () => {
  it("applies once when several instances start together", async () => {
    const admin = postgres(testDatabaseUrl ?? "", { max: 1, onnotice: () => {} });
    const name = `test_migrate_${Date.now().toString(36)}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(testDatabaseUrl ?? "");
    url.pathname = `/${name}`;
    const handles = await Promise.all([1, 2, 3].map(() => createDb({ url: url.toString(), max: 2 })));
    try {
      await Promise.all(handles.map((handle) => migrate(handle)));
      const [first] = handles;
      if (!first) throw new Error("no handle");
      expect(first.kind).toBe("postgres");
      expect(await publicTables(first)).toContain("users");
      expect(await appliedMigrations(first)).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 180_000);
});

describe.runIf(testDatabaseUrl)("createDb's queries on PostgreSQL", () => {
  const preparedCount = async (handle: DbHandle, text: string) =>
    rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement = ${text} and not from_sql`,
      ),
    )[0]?.n;

  it("prepares each query shape once per connection, in transactions too; a script of several statements runs unnamed", async () => {
    // One connection, so the statements read back are the ones the queries left on it.
    const handle = await createDb({ url: testDatabaseUrl ?? "", max: 1 });
    try {
      for (const n of [1, 2, 3]) await handle.db.execute(sql`select ${n}::int + 1 as next`);
      expect(await preparedCount(handle, "select $1::int + 1 as next")).toBe(1);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select ${4}::int * 2 as twice`);
        await tx.transaction((savepoint) => savepoint.execute(sql`select ${5}::int * 3 as thrice`));
      });
      expect(await preparedCount(handle, "select $1::int * 2 as twice")).toBe(1);
      expect(await preparedCount(handle, "select $1::int * 3 as thrice")).toBe(1);
      await handle.db.execute(sql.raw("select 1 as one; select 2 as two"));
      expect(await preparedCount(handle, "select 1 as one; select 2 as two")).toBe(0);
    } finally {
      await handle.close();
    }
  });
});

describe("resolveMigrationsFolder", () => {
  it("finds the repo's drizzle/ folder from the source tree", () => {
    expect(resolveMigrationsFolder()).toMatch(/[\\/]drizzle$/);
  });

  it("rejects an explicit folder without a journal", () => {
    expect(() => resolveMigrationsFolder("/nonexistent")).toThrow(/No drizzle migrations/);
  });
});
