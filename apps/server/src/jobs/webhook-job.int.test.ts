import { randomBytes } from "node:crypto";
import {
  type Clock,
  createTokenCipher,
  DEV_NETWORK_TOKEN_KEY,
  notify,
  offsetClock,
  systemClock,
  verifySignature,
} from "@market/api";
import { createBrand, startWebhookReceiver } from "@market/api/testing";
import { WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_SIGNATURE_HEADER } from "@market/contracts";
import { type Db, eq, inArray, rowsOf, sql, webhookDeliveries, webhookEndpoints } from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgBossJobs } from "./pg-boss-engine";
import { testJobDeps, useJobEngines } from "./testing/job-engines";
import { dueDeliveriesWithoutJob, dueWebhooksJob, WEBHOOK_BATCH, WEBHOOK_PASS_JOB, WEBHOOK_QUEUE } from "./webhook-job";

/**
 * Webhook deliveries as jobs (issue 39 point 5): on PostgreSQL each delivery's pg-boss job, sent in the write's
 * transaction, with instances as separate engines on one schema (as separate servers); the embedded runner's pass
 * on whichever database the tests run.
 */
const onPostgres = Boolean(testDatabaseUrl);
const testDb = useTestDb();
let db: Db;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  db = testDb.db;
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const tokenCipher = createTokenCipher(DEV_NETWORK_TOKEN_KEY);
const engines = useJobEngines(testDb);
const engine = engines.engine;
const newSchema = () => engines.newSchema("webhook");
const jobDeps = (clock: Clock, jobs?: PgBossJobs) =>
  testJobDeps(db, clock, {
    mailTransport: { async deliver() {} },
    webhookTargets: { allowPrivate: true },
    webhookJobs: jobs?.webhookJobs,
  });

async function webhookJobsIn(schema: string) {
  return rowsOf<{ state: string; singleton_key: string; start_after: Date | string }>(
    await db.execute(
      sql`SELECT state, singleton_key, start_after FROM ${sql.identifier(schema)}.job WHERE name = ${WEBHOOK_QUEUE}
          ORDER BY created_on, singleton_key`,
    ),
  );
}

/** A brand with an endpoint on the test receiver that wants message.received; its secret in clear. */
async function endpointFor(path: string) {
  const brand = await createBrand(db);
  const secret = `whsec_${randomBytes(8).toString("hex")}`;
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      userId: brand.id,
      url: receiver.url(path),
      events: ["message.received"],
      secret: tokenCipher.encryptToken(secret),
    })
    .returning();
  if (!endpoint) throw new Error("no endpoint");
  return { userId: brand.id, endpointId: endpoint.id, secret };
}

/** A message notification to the user: the write that emits message.received, with the jobs when given. */
const messageTo = (userId: number, text: string, jobs?: PgBossJobs) =>
  db.transaction((tx) =>
    notify(tx, [{ userId, type: "message", text, createdAt: new Date() }], { webhookJobs: jobs?.webhookJobs }),
  );

const deliveriesOf = (endpointId: number) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const allSucceeded = (endpointId: number, count: number) => async () => {
  const rows = await deliveriesOf(endpointId);
  return rows.length === count && rows.every((row) => row.status === "succeeded") ? rows : undefined;
};

const receivedAt = (path: string) => receiver.received.filter((entry) => entry.path === path);

describe("webhook jobs on pg-boss", () => {
  it.runIf(onPostgres)(
    "sends a delivery's job in the write's transaction, and neither delivery nor job when it rolls back",
    async () => {
      const schema = newSchema();
      const jobs = await engine(schema);
      const { userId, endpointId, secret } = await endpointFor("/job-kept");
      await messageTo(userId, "kept", jobs);
      await expect(
        db.transaction(async (tx) => {
          await notify(tx, [{ userId, type: "message", text: "never", createdAt: new Date() }], {
            webhookJobs: jobs.webhookJobs,
          });
          throw new Error("the write failed after its notification");
        }),
      ).rejects.toThrow("the write failed");
      const [delivery] = await deliveriesOf(endpointId);
      expect(await deliveriesOf(endpointId)).toHaveLength(1);
      expect(await webhookJobsIn(schema)).toEqual([
        expect.objectContaining({ state: "created", singleton_key: String(delivery?.id) }),
      ]);

      await jobs.work(jobDeps(systemClock, jobs));
      await until(allSucceeded(endpointId, 1));
      const [request] = receivedAt("/job-kept");
      expect(JSON.parse(request?.body ?? "{}")).toMatchObject({ type: "message.received", data: { text: "kept" } });
      const header = String(request?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
      expect(verifySignature(secret, request?.body ?? "", header, Math.floor(Date.now() / 1000))).toBe(true);
      // pg-boss completes the job once the handler returned, a moment after the row was recorded.
      const states = await until(async () => {
        const found = (await webhookJobsIn(schema)).map((job) => job.state);
        return found.includes("active") ? undefined : found;
      });
      expect(states).toEqual(["completed"]);
    },
  );

  it.runIf(onPostgres)("sends each delivery once with two instances working the queue", async () => {
    const schema = newSchema();
    const [a, b] = await Promise.all([engine(schema), engine(schema)]);
    const { userId, endpointId } = await endpointFor("/job-many");
    for (let n = 0; n < 8; n += 1) await messageTo(userId, `many ${n}`, n % 2 ? a : b);
    await Promise.all([a.work(jobDeps(systemClock, a)), b.work(jobDeps(systemClock, b))]);
    const rows = await until(allSucceeded(endpointId, 8));
    // Both instances' polls had time to send a second time, if they could.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receivedAt("/job-many")).toHaveLength(8);
    expect(rows.map((row) => row.attempts)).toEqual(rows.map(() => 1));
  });

  it.runIf(onPostgres)("drains a burst of deliveries at once, not one batch per polling interval", async () => {
    const schema = newSchema();
    // The production polling interval: a batch per poll would take 2 s x 3 batches.
    const jobs = await engine(schema, { pollingIntervalSeconds: 2 });
    const { userId, endpointId } = await endpointFor("/job-burst");
    const count = WEBHOOK_BATCH * 2 + 1;
    for (let n = 0; n < count; n += 1) await messageTo(userId, `burst ${n}`, jobs);
    const startedAt = Date.now();
    await jobs.work(jobDeps(systemClock, jobs));
    await until(allSucceeded(endpointId, count), 20_000);
    const tookMs = Date.now() - startedAt;
    console.info(`webhook burst: ${count} deliveries in ${tookMs} ms`);
    expect(tookMs).toBeLessThan(1_900);
    expect(receivedAt("/job-burst")).toHaveLength(count);
  });

  it.runIf(onPostgres)(
    "records a failed attempt and sends the next job for the row's next attempt, in one transaction",
    async () => {
      const schema = newSchema();
      const jobs = await engine(schema);
      receiver.answer("/job-down", { status: 503 });
      const { userId, endpointId } = await endpointFor("/job-down");
      await messageTo(userId, "retry me", jobs);
      const clock = offsetClock(systemClock);
      await jobs.work(jobDeps(clock, jobs));
      const [failed] = await until(async () => {
        const rows = await deliveriesOf(endpointId);
        return rows[0]?.attempts === 1 ? rows : undefined;
      });
      expect(failed).toMatchObject({ status: "pending", lastResponseCode: 503, lastError: "bad_status" });
      const retryAt = failed?.nextAttemptAt?.getTime() ?? 0;
      expect(retryAt - (failed?.lastAttemptAt?.getTime() ?? 0)).toBe(WEBHOOK_RETRY_DELAYS_MS[0]);
      // The attempt's job completed; the next one waits for the row's time (pg-boss's own retry is not used).
      const states = await until(async () => {
        const found = await webhookJobsIn(schema);
        return found.some((job) => job.state === "completed") ? found : undefined;
      });
      expect(states.map((job) => job.state)).toEqual(["completed", "created"]);
      expect(new Date(states[1]?.start_after ?? 0).getTime()).toBe(retryAt);

      // A minute later (the clocks moved on at once), the receiver is back: the next job delivers it.
      receiver.answer("/job-down", { status: 200 });
      clock.advance(WEBHOOK_RETRY_DELAYS_MS[0] ?? 0);
      await db.execute(
        sql`UPDATE ${sql.identifier(schema)}.job SET start_after = now() WHERE name = ${WEBHOOK_QUEUE}
            AND state = 'created'`,
      );
      const [delivered] = await until(allSucceeded(endpointId, 1));
      expect(delivered).toMatchObject({ attempts: 2, lastResponseCode: 200 });
      expect(receivedAt("/job-down")).toHaveLength(2);
    },
  );

  it.runIf(onPostgres)("gives a due delivery without a job one (the safety net), never a second", async () => {
    const schema = newSchema();
    const jobs = await engine(schema);
    const { userId, endpointId } = await endpointFor("/job-net");
    // Written by a caller without the queue (a script, a release before this one).
    await messageTo(userId, "no job");
    const [delivery] = await deliveriesOf(endpointId);
    const now = new Date(Date.now() + 1_000);
    expect(await dueDeliveriesWithoutJob(db, schema, now)).toContain(delivery?.id);
    const net = dueWebhooksJob(jobs.boss, schema);
    await net.run(jobDeps(systemClock, jobs));
    expect(await dueDeliveriesWithoutJob(db, schema, now)).not.toContain(delivery?.id);
    await net.run(jobDeps(systemClock, jobs));
    expect((await webhookJobsIn(schema)).filter((job) => job.singleton_key === String(delivery?.id))).toHaveLength(1);
    // A paused endpoint's deliveries wait for its resume, not for the net.
    await db
      .update(webhookEndpoints)
      .set({ enabled: false, pausedReason: "owner", pausedAt: new Date() })
      .where(eq(webhookEndpoints.id, endpointId));
    await messageTo(userId, "while paused");
    expect(await deliveriesOf(endpointId)).toHaveLength(1);
  });
});

describe("the embedded runner's webhook pass", () => {
  it("sends a committed delivery within seconds, once with two runners, and nothing of a rolled-back write", async () => {
    const clock = offsetClock(systemClock);
    engines.runner([WEBHOOK_PASS_JOB], jobDeps(clock));
    engines.runner([WEBHOOK_PASS_JOB], jobDeps(clock));
    const { userId, endpointId } = await endpointFor("/pass");
    const startedAt = Date.now();
    for (let n = 0; n < 4; n += 1) await messageTo(userId, `pass ${n}`);
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, [{ userId, type: "message", text: "never", createdAt: new Date() }]);
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await until(allSucceeded(endpointId, 4), 10_000);
    expect(Date.now() - startedAt).toBeLessThan(6_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const bodies = receivedAt("/pass").map((entry) => JSON.parse(entry.body).data.text);
    expect(bodies.sort()).toEqual(["pass 0", "pass 1", "pass 2", "pass 3"]);
    expect(
      await db
        .select()
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.endpointId, [endpointId])),
    ).toHaveLength(4);
  });
});
