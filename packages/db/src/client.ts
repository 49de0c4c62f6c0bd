import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres, { type Sql } from "postgres";
import { type ChannelListener, channelListenerOfClient } from "./channel-listener";
import * as schema from "./schema";
import { preparingClient } from "./speed/prepared-statements";

export type Schema = typeof schema;

/**
 * The database as services see it, whichever driver runs underneath. Both drivers' drizzle instances
 * (and their transactions) satisfy it. db.execute() results differ by driver; read rows with rowsOf().
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * A database and its connections. `listener` LISTENs for NOTIFYs (the caches' and notifications' fan-out). On
 * PostgreSQL, `raw` is the pool the queries use (DATABASE_URL, maybe a pooler) and `direct` the client of the work
 * that needs a session of its own (LISTEN, the migrations' advisory lock): docs/architecture.md, "Connection roles".
 */
export type DbHandle =
  | { kind: "pglite"; db: Db; raw: PGlite; listener: ChannelListener; close(): Promise<void> }
  | { kind: "postgres"; db: Db; raw: Sql; direct: Sql; listener: ChannelListener; close(): Promise<void> };

/**
 * How the queries' connections reach PostgreSQL: `session` (the default) is a connection of its own for as long as
 * the pool keeps it, directly or through a pooler in session mode; `transaction` is a pooler in transaction mode
 * (PgBouncer's pool_mode=transaction), which may hand each transaction to another server connection.
 */
export type PoolerMode = "session" | "transaction";

export interface CreateDbOptions {
  /** PostgreSQL connection URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory (file-backed); in-memory when absent. Ignored with url. */
  dataDir?: string;
  /** postgres.js pool size (default 10). */
  max?: number;
  /**
   * A URL reaching PostgreSQL itself, not through a pooler in transaction mode (DATABASE_DIRECT_URL): LISTEN and
   * the migrations, which need a session of their own, go there. `url` when absent.
   */
  directUrl?: string;
  /**
   * `transaction`: `url` is a pooler in transaction mode, so no query may rely on its connection's session. Named
   * prepared statements do not survive there (PgBouncer keeps them across server connections only from 1.21 with
   * max_prepared_statements; Debian 12 ships 1.18), so every query is sent unnamed.
   */
  poolerMode?: PoolerMode;
}

/** Connections of the direct client (the migrations: one for the lock, one to migrate); LISTEN opens its own. */
const DIRECT_MAX = 2;
/** Seconds the direct client keeps an idle connection: the migrations' are not needed after start. */
const DIRECT_IDLE_TIMEOUT_S = 30;

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.url) {
    const unnamed = options.poolerMode === "transaction";
    const raw = postgres(options.url, {
      max: options.max ?? 10,
      // postgres.js names its own statements too unless told not to; unnamed ones are parsed and bound in one
      // transaction, which a pooler in transaction mode keeps on one server connection.
      prepare: !unnamed,
      // Migrations' "already exists, skipping" notices are noise.
      onnotice: () => {},
    });
    const direct =
      options.directUrl && options.directUrl !== options.url
        ? postgres(options.directUrl, { max: DIRECT_MAX, idle_timeout: DIRECT_IDLE_TIMEOUT_S, onnotice: () => {} })
        : raw;
    return {
      kind: "postgres",
      db: drizzlePostgres({ client: unnamed ? raw : preparingClient(raw), schema }),
      raw,
      direct,
      listener: channelListenerOfClient(direct),
      close: async () => {
        await raw.end({ timeout: 5 });
        if (direct !== raw) await direct.end({ timeout: 5 });
      },
    };
  }
  // PGlite creates only the last segment of its data directory; a fresh clone has no .data/ yet.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return pgliteHandle(await PGlite.create(options.dataDir));
}

/** Wraps an existing PGlite instance (tests start one from a migrated snapshot). */
export function pgliteHandle(raw: PGlite): DbHandle {
  const db = drizzlePglite({ client: raw, schema });
  return {
    kind: "pglite",
    db,
    raw,
    listener: channelListenerOfClient(raw),
    close: () => raw.close(),
  };
}

/** Rows of a db.execute() result: postgres.js returns an array, PGlite an object with rows. */
export function rowsOf<TRow>(result: unknown): TRow[] {
  if (Array.isArray(result)) return result as TRow[];
  return (result as { rows: TRow[] }).rows;
}
