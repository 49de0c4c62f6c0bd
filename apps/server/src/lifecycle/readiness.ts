import { randomUUID } from "node:crypto";
import { watchChannel } from "@market/api";
import { type ChannelListener, type Db, newestAppliedMigrationMillis, sql } from "@market/db";

/**
 * The NOTIFY channel of the readiness probe's round trip. Payload: a token only the instance that sent it waits
 * for; every instance hears every probe, so the probes are few (at most one a READINESS_CACHE_MS per instance).
 */
export const READINESS_CHANNEL = "readiness_probe";
/** How long the probe waits for its own NOTIFY to come back over the LISTEN connection. */
export const LISTEN_ROUND_TRIP_TIMEOUT_MS = 3_000;
/**
 * A check of the database and the LISTEN connection serves the probes of this long (and the probes that arrive
 * while it runs), so a flood of GET /readyz costs the database one check a second. Draining is read every time.
 */
export const READINESS_CACHE_MS = 1_000;

export type CheckResult = "ok" | "failed";

export interface ReadinessChecks {
  /** A query through the queries' pool (DATABASE_URL, a pooler maybe) answers. */
  database: CheckResult;
  /** A NOTIFY sent now comes back over this instance's LISTEN connection (DATABASE_DIRECT_URL). */
  listen: CheckResult;
  /** The database has this build's newest migration. */
  migrations: CheckResult;
  /** Failed once SIGTERM or SIGINT came: the balancer takes the instance out before it stops accepting. */
  draining: CheckResult;
}

export interface Readiness {
  check(): Promise<{ ready: boolean; checks: ReadinessChecks }>;
  close(): Promise<void>;
}

export interface ReadinessDeps {
  db: Db;
  listener: ChannelListener;
  /** newestMigrationMillis() of the migrations this build carries. */
  expectedMigration: number;
  isDraining: () => boolean;
  /** Monotonic milliseconds (performance.now), for the cache. */
  monotonic?: () => number;
  onError?: (error: unknown, check: keyof ReadinessChecks) => void;
}

/** What GET /readyz answers (docs/architecture.md, "Probes and drain"). */
export function createReadiness(deps: ReadinessDeps): Readiness {
  const monotonic = deps.monotonic ?? (() => performance.now());
  const onError = deps.onError ?? (() => {});
  const waiting = new Map<string, () => void>();
  const watch = watchChannel({
    listener: deps.listener,
    channel: READINESS_CHANNEL,
    onPayload: (token) => waiting.get(token)?.(),
    onListening: () => {},
    onError: (error) => onError(error, "listen"),
  });

  const checked = async <T>(name: keyof ReadinessChecks, run: () => Promise<T>): Promise<T | "failed"> => {
    try {
      return await run();
    } catch (error) {
      onError(error, name);
      return "failed";
    }
  };

  const roundTrip = async (): Promise<CheckResult> => {
    await watch.ready();
    const token = randomUUID();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = new Promise<void>((resolve, reject) => {
      waiting.set(token, resolve);
      timer = setTimeout(
        () => reject(new Error(`no NOTIFY back within ${LISTEN_ROUND_TRIP_TIMEOUT_MS} ms`)),
        LISTEN_ROUND_TRIP_TIMEOUT_MS,
      );
    });
    try {
      await deps.db.execute(sql`select pg_notify(${READINESS_CHANNEL}, ${token})`);
      await heard;
      return "ok";
    } finally {
      clearTimeout(timer);
      waiting.delete(token);
    }
  };

  const checkConnections = async () => {
    const [database, listen, migrations] = await Promise.all([
      checked("database", async () => {
        await deps.db.execute(sql`select 1`);
        return "ok" as const;
      }),
      checked("listen", roundTrip),
      checked("migrations", async () => {
        const applied = await newestAppliedMigrationMillis(deps.db);
        if (applied < deps.expectedMigration) throw new Error(`the database's newest migration is ${applied}`);
        return "ok" as const;
      }),
    ]);
    return { database, listen, migrations };
  };

  let last: { at: number; result: Promise<Awaited<ReturnType<typeof checkConnections>>> } | undefined;
  return {
    async check() {
      const now = monotonic();
      if (!last || now - last.at >= READINESS_CACHE_MS) last = { at: now, result: checkConnections() };
      const connections = await last.result;
      const checks: ReadinessChecks = { ...connections, draining: deps.isDraining() ? "failed" : "ok" };
      return { ready: Object.values(checks).every((result) => result === "ok"), checks };
    },
    close: () => watch.close(),
  };
}
