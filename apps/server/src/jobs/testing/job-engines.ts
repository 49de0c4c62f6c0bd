import { randomBytes } from "node:crypto";
import {
  type Clock,
  createTokenCipher,
  DEV_NETWORK_TOKEN_KEY,
  mailQueue,
  memoryFileStore,
  outboxTransport,
} from "@market/api";
import { fakeNetworkProviders } from "@market/api/testing";
import { type Db, sql } from "@market/db";
import type { TestDb } from "@market/db/testing";
import { afterEach } from "vitest";
import { type RunningJobs, startEmbeddedRunner } from "../embedded-runner";
import { type PgBossJobs, type PgBossJobsOptions, startPgBossJobs } from "../pg-boss-engine";
import type { JobDeps, ScheduledJob } from "../schedules";

/** A job engine's log that keeps quiet. */
export const QUIET_LOG = { info() {}, warn() {}, error() {} };

/**
 * The job engines of one test file (mail, webhook and engine tests): pg-boss engines on PostgreSQL, each on a schema
 * of its own in the file's database (instances are several engines on one schema, as several servers would be), and
 * embedded runners. After each test every engine and runner is stopped and every schema dropped.
 */
export interface JobEngines {
  /** A new pg-boss schema for this test, named after `prefix`. */
  newSchema(prefix: string): string;
  /** An instance's engine on `schema`: polling every half second, no schedules unless given. */
  engine(schema: string, options?: Partial<PgBossJobsOptions>): Promise<PgBossJobs>;
  /** An instance's embedded runner (PGlite's engine) of `jobs`. */
  runner(jobs: readonly ScheduledJob[], deps: JobDeps): RunningJobs;
}

export function useJobEngines(testDb: TestDb, defaults: Partial<PgBossJobsOptions> = {}): JobEngines {
  const engines: PgBossJobs[] = [];
  const runners: RunningJobs[] = [];
  const schemas: string[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await Promise.all(engines.splice(0).map((jobs) => jobs.stop()));
    for (const schema of schemas.splice(0)) {
      await testDb.db.execute(sql`DROP SCHEMA ${sql.identifier(schema)} CASCADE`);
    }
  });
  return {
    newSchema(prefix) {
      const schema = `${prefix}_${randomBytes(4).toString("hex")}`;
      schemas.push(schema);
      return schema;
    },
    async engine(schema, options = {}) {
      const jobs = await startPgBossJobs({
        url: testDb.url ?? "",
        db: testDb.db,
        log: QUIET_LOG,
        schema,
        pollingIntervalSeconds: 0.5,
        scheduled: [],
        ...defaults,
        ...options,
      });
      engines.push(jobs);
      return jobs;
    },
    runner(jobs, deps) {
      const running = startEmbeddedRunner(jobs, deps);
      runners.push(running);
      return running;
    },
  };
}

/** What a job's run is given, on `db` and `clock`, with fakes for the world outside; a test overrides its part. */
export function testJobDeps(db: Db, clock: Clock, overrides: Partial<JobDeps> = {}): JobDeps {
  const tokenCipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);
  return {
    db,
    clock,
    files: memoryFileStore(),
    mailer: mailQueue(clock),
    mailTransport: outboxTransport(),
    publicUrl: "http://127.0.0.1:3000",
    log: QUIET_LOG,
    networks: { networkProviders: fakeNetworkProviders(), tokenCipher },
    payoutProviders: {} as JobDeps["payoutProviders"],
    tokenCipher,
    ...overrides,
  };
}
