/**
 * The benches' scratch database: created next to DATABASE_URL's (createdb), migrated, handed to the bench, then
 * closed and dropped (dropdb) even on failure, unless kept (to EXPLAIN queries by hand; drop it yourself).
 */
import { execFileSync } from "node:child_process";
import { createDb, type DbHandle, migrate } from "@market/db";

/** createdb/dropdb arguments for the server of `url`. */
function pgArgs(url: URL): { args: string[]; env: NodeJS.ProcessEnv } {
  const args = ["-h", url.hostname || "127.0.0.1", "-p", url.port || "5432"];
  if (url.username) args.push("-U", decodeURIComponent(url.username));
  return { args, env: { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) } };
}

/** Only PostgreSQL: the benches measure the production engine. */
export type PostgresHandle = Extract<DbHandle, { kind: "postgres" }>;

export interface ScratchOptions {
  /** Database name prefix; the process id is appended. */
  prefix: string;
  /** Connections of the pool. */
  max: number;
  keep: boolean;
}

export async function withScratchDatabase(
  options: ScratchOptions,
  /** Gets the migrated database's handle and its URL (for a client of the caller's own). */
  run: (handle: PostgresHandle, url: string) => Promise<void>,
): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error("DATABASE_URL is required (any database of the PostgreSQL server to use)");
  const name = `${options.prefix}_${process.pid}`;
  const { args, env } = pgArgs(new URL(base));
  execFileSync("createdb", [...args, name], { env, stdio: "inherit" });
  const scratch = new URL(base);
  scratch.pathname = `/${name}`;
  let handle: DbHandle | undefined;
  try {
    handle = await createDb({ url: scratch.toString(), max: options.max });
    if (handle.kind !== "postgres") throw new Error("PostgreSQL only");
    await migrate(handle);
    await run(handle, scratch.toString());
  } finally {
    await handle?.close();
    if (options.keep) console.log(`\nkept the scratch database ${name}`);
    else execFileSync("dropdb", [...args, "--if-exists", name], { env, stdio: "inherit" });
  }
}
