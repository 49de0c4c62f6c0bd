import { type PayoutProvider, type PayoutProviders, sandboxPayoutProvider, systemClock } from "@market/api";
import { callerFor, createAdminUser, influencerWithBalance, paypalPayout } from "@market/api/testing";
import { type Db, eq, payouts, rowsOf, sql } from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { PAYOUT_DEAD_QUEUE, PAYOUT_QUEUE } from "./payout-job";
import type { ScheduledJob } from "./schedules";
import { testJobDeps, useJobEngines } from "./testing/job-engines";

/**
 * The job engine on PostgreSQL (pg-boss): each test has its own pg-boss schema in this file's database, and
 * instances as separate engines on it, as separate servers would be. pg-boss needs PostgreSQL: on PGlite these
 * do not run (CI runs them on PostgreSQL).
 */
const onPostgres = Boolean(testDatabaseUrl);
const testDb = useTestDb();
let db: Db;
beforeAll(() => {
  db = testDb.db;
});

const errors: string[] = [];
const log = {
  info() {},
  warn() {},
  error: (_details: object, message: string) => void errors.push(message),
};

const engines = useJobEngines(testDb, {
  log,
  // pg-boss's intervals at their shortest, so a test waits seconds.
  timing: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
});
/** One instance's engine on `schema`. */
const instance = engines.engine;
const newSchema = () => engines.newSchema("jobs");
const jobDeps = (payoutProviders: PayoutProviders) => testJobDeps(db, systemClock, { payoutProviders, log });

interface JobRow {
  name: string;
  state: string;
  singleton_key: string | null;
  data: { payoutId?: number } | null;
  retry_count: number;
  /** As the driver reads a raw timestamptz: a string. */
  start_after: string;
  created_on: string;
}

async function jobsIn(schema: string, name: string): Promise<JobRow[]> {
  return rowsOf<JobRow>(
    await db.execute(
      sql`SELECT name, state, singleton_key, data, retry_count, start_after, created_on FROM ${sql.identifier(schema)}.job
          WHERE name = ${name} ORDER BY created_on`,
    ),
  );
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("jobs on pg-boss", () => {
  it.runIf(onPostgres)(
    "sends a payout's job in the transaction that writes the payout, and none when that transaction rolls back",
    async () => {
      const schema = newSchema();
      const jobs = await instance(schema);
      const { user } = await influencerWithBalance(db, systemClock, 5_000);
      const caller = await callerFor(db, { userId: user.id }, systemClock, undefined, undefined, undefined, {
        payoutJobs: jobs.payoutJobs,
      });
      const { payout } = await caller.earnings.requestPayout(paypalPayout(2_000));
      expect(await jobsIn(schema, PAYOUT_QUEUE)).toEqual([
        expect.objectContaining({ state: "created", singleton_key: String(payout.id), data: { payoutId: payout.id } }),
      ]);

      // A write that fails after its job was sent: the payout row and its job go together.
      const refused = db.transaction(async (tx) => {
        const { id: _sameId, ...copy } = await payoutRowOf(payout.id);
        const [row] = await tx.insert(payouts).values(copy).returning({ id: payouts.id });
        await jobs.payoutJobs.enqueue(tx, row?.id ?? 0);
        throw new Error("the write failed after its job was sent");
      });
      await expect(refused).rejects.toThrow("the write failed");
      expect((await jobsIn(schema, PAYOUT_QUEUE)).map((job) => job.singleton_key)).toEqual([String(payout.id)]);
    },
  );

  it.runIf(onPostgres)(
    "moves a payout's job waiting for later to now when a write wants it now (the console's re-poll)",
    async () => {
      const schema = newSchema();
      const jobs = await instance(schema);
      const later = new Date(Date.now() + 60 * 60_000);
      await db.transaction((tx) => jobs.payoutJobs.enqueue(tx, 4_242, later));
      const [waiting] = await jobsIn(schema, PAYOUT_QUEUE);
      expect(new Date(waiting?.start_after ?? 0).getTime()).toBe(later.getTime());

      await db.transaction((tx) => jobs.payoutJobs.enqueue(tx, 4_242));
      const rows = await jobsIn(schema, PAYOUT_QUEUE);
      expect(rows).toHaveLength(1);
      expect(new Date(rows[0]?.start_after ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
    },
  );

  it.runIf(onPostgres)("runs a schedule once across two instances", async () => {
    // pg-boss sends a schedule's job once per minute; started within a minute's first 45 s, this test sees one.
    const second = new Date().getUTCSeconds();
    if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    const schema = newSchema();
    const runs: string[] = [];
    const counting = (instanceName: string): ScheduledJob => ({
      name: "counting",
      cron: "* * * * *",
      everyMs: 60_000,
      run: async () => void runs.push(instanceName),
    });
    const [a, b] = await Promise.all([
      instance(schema, { scheduled: [counting("a")] }),
      instance(schema, { scheduled: [counting("b")] }),
    ]);
    const deps = jobDeps({} as PayoutProviders);
    await Promise.all([a.work(deps), b.work(deps)]);

    await until(async () => (runs.length > 0 ? true : undefined));
    // Both instances' cron monitors looked several times meanwhile, each worker polled every half second.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(runs).toHaveLength(1);
    expect(await jobsIn(schema, "counting")).toEqual([expect.objectContaining({ state: "completed" })]);
  });

  it.runIf(onPostgres)(
    "retries a payout job whose provider does not answer, with backoff, then dead-letters it for the operator",
    async () => {
      const schema = newSchema();
      const jobs = await instance(schema, { payoutRetry: { retryLimit: 2, retryDelay: 1 } });
      const tries: number[] = [];
      const down: PayoutProvider = {
        name: "sandbox",
        async send() {
          tries.push(Date.now());
          throw new Error("PayPal answered 503");
        },
        async status() {
          throw new Error("never sent");
        },
      };
      const { user } = await influencerWithBalance(db, systemClock, 5_000);
      const caller = await callerFor(db, { userId: user.id }, systemClock, undefined, undefined, undefined, {
        payoutJobs: jobs.payoutJobs,
      });
      const { payout } = await caller.earnings.requestPayout(paypalPayout(2_000));
      errors.length = 0;
      await jobs.work(jobDeps({ paypal: down, transferwise: down }));

      const [dead] = await until(async () => {
        const rows = await jobsIn(schema, PAYOUT_DEAD_QUEUE);
        return rows.length > 0 ? rows : undefined;
      });
      expect(dead?.data).toEqual({ payoutId: payout.id });
      expect(await jobsIn(schema, PAYOUT_QUEUE)).toEqual([
        expect.objectContaining({ state: "failed", retry_count: 2, singleton_key: String(payout.id) }),
      ]);
      // The first try, then two retries, each waiting at least its backoff: 1 s, then 2 s (doubling, plus jitter).
      expect(tries).toHaveLength(3);
      const [first = 0, second = 0, third = 0] = tries;
      expect(second - first).toBeGreaterThanOrEqual(1_000);
      expect(third - second).toBeGreaterThanOrEqual(2_000);
      expect(errors).toEqual([expect.stringContaining(`dead-lettered to ${PAYOUT_DEAD_QUEUE}`)]);
      // The payout itself is untouched but for its attempts: still processing, its money still on its way.
      expect(await payoutRowOf(payout.id)).toMatchObject({ status: "processing", attempts: 3, sentAt: null });
      // The operator's payout page says when its job was given up.
      const admin = await createAdminUser(db);
      const operator = await callerFor(db, { userId: admin.id }, systemClock, undefined, undefined, undefined, {
        payoutJobs: jobs.payoutJobs,
      });
      const { payout: seen } = await operator.admin.console.payouts.get({ id: payout.id });
      expect(seen.deadLetteredAt).toBe(new Date(dead?.created_on ?? 0).toISOString());
    },
  );

  it.runIf(onPostgres)("sends a payout, then its next look is its next job, at the payout's next attempt", async () => {
    const schema = newSchema();
    const jobs = await instance(schema);
    const sandbox = sandboxPayoutProvider({ clock: systemClock, delayMs: 60_000, method: "paypal" });
    const { user } = await influencerWithBalance(db, systemClock, 5_000);
    const caller = await callerFor(db, { userId: user.id }, systemClock, undefined, undefined, undefined, {
      payoutJobs: jobs.payoutJobs,
    });
    const { payout } = await caller.earnings.requestPayout(paypalPayout(2_000));
    await jobs.work(jobDeps({ paypal: sandbox, transferwise: sandbox }));

    const next = await until(async () => {
      const rows = await jobsIn(schema, PAYOUT_QUEUE);
      return rows.length === 2 ? rows[1] : undefined;
    });
    const row = await payoutRowOf(payout.id);
    expect(row.sentAt).not.toBeNull();
    expect(next).toMatchObject({ state: "created", singleton_key: String(payout.id) });
    expect(new Date(next?.start_after ?? 0).getTime()).toBe(row.nextAttemptAt?.getTime());
  });
});

async function payoutRowOf(id: number) {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  if (!row) throw new Error("no payout");
  return row;
}
