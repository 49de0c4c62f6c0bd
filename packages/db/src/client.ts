import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres, { type Sql } from "postgres";
import * as schema from "./schema";
import { preparingClient } from "./speed/prepared-statements";

export type Schema = typeof schema;

/**
 * The database as services see it, whichever driver runs underneath. Both drivers' drizzle instances
 * (and their transactions) satisfy it. db.execute() results differ by driver; read rows with rowsOf().
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DbHandle =
  | { kind: "pglite"; db: Db; raw: PGlite; close(): Promise<void> }
  | { kind: "postgres"; db: Db; raw: Sql; close(): Promise<void> };

export interface CreateDbOptions {
  /** PostgreSQL connection URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory (file-backed); in-memory when absent. Ignored with url. */
  dataDir?: string;
  /** postgres.js pool size (default 10). migrate() holds one connection for its lock, so keep it >= 2. */
  max?: number;
}

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.url) {
    const raw = postgres(options.url, {
      max: options.max ?? 10,
      // Migrations' "already exists, skipping" notices are noise.
      onnotice: () => {},
    });
    return {
      kind: "postgres",
      db: drizzlePostgres({ client: preparingClient(raw), schema }),
      raw,
      close: () => raw.end({ timeout: 5 }),
    };
  }
  // PGlite creates only the last segment of its data directory; a fresh clone has no .data/ yet.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return pgliteHandle(await PGlite.create(options.dataDir));
}

/** Wraps an existing PGlite instance (tests start one from a migrated snapshot). */
export function pgliteHandle(raw: PGlite): DbHandle {
  return {
    kind: "pglite",
    db: drizzlePglite({ client: raw, schema }),
    raw,
    close: () => raw.close(),
  };
}

/** Rows of a db.execute() result: postgres.js returns an array, PGlite an object with rows. */
export function rowsOf<TRow>(result: unknown): TRow[] {
  if (Array.isArray(result)) return result as TRow[];
  return (result as { rows: TRow[] }).rows;
}
