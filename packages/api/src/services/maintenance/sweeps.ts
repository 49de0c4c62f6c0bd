import { type Db, sweepClosedSearchDocs } from "@market/db";
import type { Clock } from "../../clock";
import type { FileStore } from "../files/file-store";
import { sweepExpiredSessions } from "./expired-sessions";
import { sweepOrphanDealImages } from "./orphan-deal-images";
import { sweepSpentPasswordResetTokens } from "./password-reset-tokens";
import { sweepExpiredRateLimitBuckets } from "./rate-limit-buckets";

export interface SweepDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** Fastify's (pino's) logger fits; without one, results are only returned. */
  log?: SweepLog | undefined;
}

export interface SweepLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** One cleanup of data that only grows; resolves to how many rows it deleted. */
export type Sweep = (deps: SweepDeps, now: Date) => Promise<number>;

/** Every periodic cleanup, run in this order by runSweeps. */
export const SWEEPS = {
  closedSearchDocs: (deps, now) => sweepClosedSearchDocs(deps.db, now),
  expiredRateLimitBuckets: (deps, now) => sweepExpiredRateLimitBuckets(deps.db, now),
  spentPasswordResetTokens: (deps, now) => sweepSpentPasswordResetTokens(deps.db, now),
  expiredSessions: (deps, now) => sweepExpiredSessions(deps.db, now),
  orphanDealImages: (deps, now) => sweepOrphanDealImages(deps, now),
} as const satisfies Record<string, Sweep>;

export type SweepName = keyof typeof SWEEPS;
export type SweepOutcome = { ok: true; deleted: number } | { ok: false; error: unknown };

/**
 * Runs every sweep once, one after the other (they are background work: no need to compete for connections), each
 * on its own, so one failing never stops the others; a failure is logged and the sweep simply runs again next time.
 * All use the same `now`. Never rejects; resolves to each sweep's outcome.
 */
export async function runSweeps(
  deps: SweepDeps,
  sweeps: Record<string, Sweep> = SWEEPS,
): Promise<Record<string, SweepOutcome>> {
  const now = deps.clock.now();
  const outcomes: Record<string, SweepOutcome> = {};
  for (const [name, sweep] of Object.entries(sweeps)) {
    try {
      outcomes[name] = { ok: true, deleted: await sweep(deps, now) };
    } catch (error) {
      outcomes[name] = { ok: false, error };
      deps.log?.warn({ err: error, sweep: name }, "cleanup sweep failed");
    }
  }
  const deleted = Object.fromEntries(
    Object.entries(outcomes).flatMap(([name, outcome]) => (outcome.ok ? [[name, outcome.deleted]] : [])),
  );
  deps.log?.info({ deleted }, "cleanup sweeps done");
  return outcomes;
}
