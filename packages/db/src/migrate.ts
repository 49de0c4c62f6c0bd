import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { type Db, type DbHandle, rowsOf } from "./client";

export interface MigrateOptions {
  /** The drizzle/ folder (the server passes its MIGRATIONS_DIR); else found by walking up from this file and the cwd. */
  migrationsFolder?: string;
}

/** Arbitrary constant key of the advisory lock that serializes migrations across instances. */
const MIGRATION_LOCK_KEY = 727_001;

const isMigrationsFolder = (dir: string) => existsSync(path.join(dir, "meta", "_journal.json"));

/**
 * This file runs as TS source (packages/db/src) or bundled into apps/server/dist/main.js, so the folder
 * is searched for upwards from both this module and the working directory.
 */
export function resolveMigrationsFolder(explicit?: string): string {
  if (explicit) {
    const dir = path.resolve(explicit);
    if (!isMigrationsFolder(dir)) throw new Error(`No drizzle migrations (meta/_journal.json) in ${dir}`);
    return dir;
  }
  const starts = [moduleDir(), process.cwd()].filter((dir): dir is string => dir !== undefined);
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, "drizzle");
      if (isMigrationsFolder(candidate)) return candidate;
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new Error(
    `drizzle/ migrations folder not found above ${starts.join(" or ")}; pass the folder (the server reads MIGRATIONS_DIR)`,
  );
}

/** undefined when bundled to CommonJS, where import.meta.url is empty. */
function moduleDir(): string | undefined {
  try {
    return path.dirname(fileURLToPath(import.meta.url));
  } catch {
    return undefined;
  }
}

/** Applies pending migrations. Safe when several instances start at once (PostgreSQL advisory lock). */
export async function migrate(handle: DbHandle, options: MigrateOptions = {}): Promise<void> {
  const migrationsFolder = resolveMigrationsFolder(options.migrationsFolder);
  if (handle.kind === "pglite") {
    await migratePglite(drizzlePglite({ client: handle.raw }), { migrationsFolder });
    return;
  }
  // The lock lives on its own reserved connection, a session-level lock: both on the direct client, never through a
  // pooler in transaction mode, which would hand the unlock to another session. The migration runs beside it.
  const lock = await handle.direct.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client: handle.direct }), { migrationsFolder });
  } finally {
    await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    lock.release();
  }
}

/**
 * The newest migration of the folder, as drizzle records it once applied: `created_at` in
 * drizzle.__drizzle_migrations is the journal entry's `when`.
 */
export function newestMigrationMillis(migrationsFolder?: string): number {
  const folder = resolveMigrationsFolder(migrationsFolder);
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** The newest migration applied to the database (drizzle's record of it); 0 before any. */
export async function newestAppliedMigrationMillis(db: Db): Promise<number> {
  const [row] = rowsOf<{ newest: string | null }>(
    await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`),
  );
  return Number(row?.newest ?? 0);
}
