import {
  type Clock,
  MAIL_RETRY_DELAY_MS,
  type MailMessage,
  type MailTransport,
  mailQueue,
  offsetClock,
  systemClock,
} from "@market/api";
import { type Db, eq, inArray, outgoingMail, rowsOf, sql } from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { MAIL_BATCH, MAIL_PASS_JOB, MAIL_QUEUE } from "./mail-job";
import { testJobDeps, useJobEngines } from "./testing/job-engines";

/**
 * Outgoing mail as jobs (issue 38): on PostgreSQL each queued mail's pg-boss job, sent in the write's transaction,
 * with instances as separate engines on one schema (as separate servers); the embedded runner's pass on whichever
 * database the tests run (PGlite, or PostgreSQL in CI).
 */
const onPostgres = Boolean(testDatabaseUrl);
const testDb = useTestDb();
let db: Db;
beforeAll(() => {
  db = testDb.db;
});

const engines = useJobEngines(testDb);
const engine = engines.engine;
const newSchema = () => engines.newSchema("mail");
const jobDeps = (clock: Clock, transport: MailTransport) => testJobDeps(db, clock, { mailTransport: transport });

/** A transport recording each delivery; the first `failures` fail, each takes `delayMs`. */
function recordingTransport(options: { failures?: number; delayMs?: number } = {}) {
  const delivered: { id: number; to: string; by: string }[] = [];
  let failures = options.failures ?? 0;
  const by = (name: string): MailTransport => ({
    async deliver(mail) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (failures > 0) {
        failures -= 1;
        throw new Error("connect ECONNREFUSED 127.0.0.1:587");
      }
      delivered.push({ id: mail.id, to: mail.to, by: name });
    },
  });
  return { by, delivered };
}

async function mailJobs(schema: string) {
  return rowsOf<{ state: string; singleton_key: string; retry_count: number }>(
    await db.execute(
      sql`SELECT state, singleton_key, retry_count FROM ${sql.identifier(schema)}.job WHERE name = ${MAIL_QUEUE}
          ORDER BY created_on`,
    ),
  );
}

const rowsOfMails = (ids: number[]) => db.select().from(outgoingMail).where(inArray(outgoingMail.id, ids));

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const allSent = (ids: number[]) => async () =>
  (await rowsOfMails(ids)).every((row) => row.sentAt !== null) ? true : undefined;

const mail = (to: string): MailMessage => ({ to, subject: "Reset your password", text: `a link for ${to}` });

describe("mail jobs on pg-boss", () => {
  it.runIf(onPostgres)(
    "sends a mail's job in the write's transaction, and neither mail nor job when that transaction rolls back",
    async () => {
      const schema = newSchema();
      const jobs = await engine(schema);
      const queue = mailQueue(systemClock, jobs.mailJobs);
      const id = await db.transaction((tx) => queue.queue(tx, mail("kept@example.com")));
      await expect(
        db.transaction(async (tx) => {
          await queue.queue(tx, mail("rolled-back@example.com"));
          throw new Error("the write failed after its mail was queued");
        }),
      ).rejects.toThrow("the write failed");
      expect(await mailJobs(schema)).toEqual([
        expect.objectContaining({ state: "created", singleton_key: String(id) }),
      ]);
      expect(await db.select().from(outgoingMail).where(eq(outgoingMail.to, "rolled-back@example.com"))).toEqual([]);

      const { by, delivered } = recordingTransport();
      await jobs.work(jobDeps(systemClock, by("a")));
      await until(allSent([id]));
      expect(delivered.map((sent) => sent.to)).toEqual(["kept@example.com"]);
    },
  );

  it.runIf(onPostgres)("sends each committed mail once with two instances working the queue", async () => {
    const schema = newSchema();
    const [a, b] = await Promise.all([engine(schema), engine(schema)]);
    const queue = mailQueue(systemClock, a.mailJobs);
    const ids = await db.transaction(async (tx) => {
      const queued: number[] = [];
      for (let n = 0; n < 8; n += 1) queued.push(await queue.queue(tx, mail(`many-${n}@example.com`)));
      return queued;
    });
    // Slow deliveries, so both instances take jobs while the other still delivers.
    const { by, delivered } = recordingTransport({ delayMs: 150 });
    await Promise.all([a.work(jobDeps(systemClock, by("a"))), b.work(jobDeps(systemClock, by("b")))]);
    await until(allSent(ids));
    // The jobs' own retries and the instances' polls had time to deliver a second time, if they could.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(delivered.map((sent) => sent.id).sort((x, y) => x - y)).toEqual(ids);
    expect((await rowsOfMails(ids)).map((row) => row.attempts)).toEqual(ids.map(() => 1));
    expect((await mailJobs(schema)).map((job) => job.state)).toEqual(ids.map(() => "completed"));
  });

  it.runIf(onPostgres)("retries a mail whose SMTP server is down, with pg-boss's backoff, then sends it", async () => {
    const schema = newSchema();
    const jobs = await engine(schema, { mailRetry: { retryDelay: 1, retryBackoff: false } });
    const id = await mailQueue(systemClock, jobs.mailJobs).queue(db, mail("outage@example.com"));
    const { by, delivered } = recordingTransport({ failures: 2 });
    await jobs.work(jobDeps(systemClock, by("a")));
    await until(allSent([id]));
    const [row] = await rowsOfMails([id]);
    expect(row).toMatchObject({ attempts: 3, error: null, failedAt: null, nextAttemptAt: null });
    expect(delivered.map((sent) => sent.id)).toEqual([id]);
    expect(await mailJobs(schema)).toEqual([expect.objectContaining({ state: "completed", retry_count: 2 })]);
  });

  it.runIf(onPostgres)("drains a burst of mails at once, not one batch per polling interval", async () => {
    const schema = newSchema();
    // The production polling interval: a batch per poll would take 2 s x 4 batches.
    const jobs = await engine(schema, { pollingIntervalSeconds: 2 });
    const queue = mailQueue(systemClock, jobs.mailJobs);
    const ids = await db.transaction(async (tx) => {
      const queued: number[] = [];
      for (let n = 0; n < MAIL_BATCH * 3 + 1; n += 1)
        queued.push(await queue.queue(tx, mail(`burst-${n}@example.com`)));
      return queued;
    });
    const { by, delivered } = recordingTransport({ delayMs: 20 });
    const startedAt = Date.now();
    await jobs.work(jobDeps(systemClock, by("a")));
    await until(allSent(ids), 20_000);
    expect(Date.now() - startedAt).toBeLessThan(1_900);
    expect(delivered.map((sent) => sent.id).sort((x, y) => x - y)).toEqual(ids);
  });

  it.runIf(onPostgres)("retries only the mail that failed in a batch; the others complete once", async () => {
    const schema = newSchema();
    const jobs = await engine(schema, { mailRetry: { retryDelay: 1, retryBackoff: false } });
    const queue = mailQueue(systemClock, jobs.mailJobs);
    const ids = await db.transaction(async (tx) => [
      await queue.queue(tx, mail("fine-1@example.com")),
      await queue.queue(tx, mail("bounces-once@example.com")),
      await queue.queue(tx, mail("fine-2@example.com")),
    ]);
    let bounced = false;
    const delivered: string[] = [];
    const transport: MailTransport = {
      async deliver(message) {
        if (message.to === "bounces-once@example.com" && !bounced) {
          bounced = true;
          throw new Error("451 try again later");
        }
        delivered.push(message.to);
      },
    };
    await jobs.work(jobDeps(systemClock, transport));
    await until(allSent(ids));
    expect(delivered.sort()).toEqual(["bounces-once@example.com", "fine-1@example.com", "fine-2@example.com"]);
    const rows = (await rowsOfMails(ids)).sort((x, y) => x.id - y.id);
    expect(rows.map((row) => [row.to, row.attempts])).toEqual([
      ["fine-1@example.com", 1],
      ["bounces-once@example.com", 2],
      ["fine-2@example.com", 1],
    ]);
    // One transaction wrote the three jobs (one created_on): read them in the mails' order.
    const states = (await mailJobs(schema)).sort((x, y) => Number(x.singleton_key) - Number(y.singleton_key));
    expect(states.map((job) => [job.state, job.retry_count])).toEqual([
      ["completed", 0],
      ["completed", 1],
      ["completed", 0],
    ]);
  });

  it.runIf(onPostgres)(
    "sends a mail committed by an instance that stopped before sending it, once another works",
    async () => {
      const schema = newSchema();
      const gone = await engine(schema);
      const id = await mailQueue(systemClock, gone.mailJobs).queue(db, mail("after-crash@example.com"));
      // The instance that wrote it never works its queue (it died after the commit).
      await gone.stop();
      const other = await engine(schema);
      const { by, delivered } = recordingTransport();
      await other.work(jobDeps(systemClock, by("other")));
      await until(allSent([id]));
      expect(delivered).toEqual([{ id, to: "after-crash@example.com", by: "other" }]);
    },
  );
});

describe("the embedded runner's mail pass", () => {
  it("delivers a committed mail within seconds, and nothing of a write that rolled back", async () => {
    const clock = offsetClock(systemClock);
    const queue = mailQueue(clock);
    const { by, delivered } = recordingTransport();
    engines.runner([MAIL_PASS_JOB], jobDeps(clock, by("embedded")));
    const startedAt = Date.now();
    const id = await db.transaction((tx) => queue.queue(tx, mail("embedded-kept@example.com")));
    await expect(
      db.transaction(async (tx) => {
        await queue.queue(tx, mail("embedded-rolled-back@example.com"));
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await until(allSent([id]), 10_000);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(delivered.filter((sent) => sent.to.startsWith("embedded-")).map((sent) => sent.to)).toEqual([
      "embedded-kept@example.com",
    ]);
  });

  it("sends each mail once with two runners (two instances) passing at once", async () => {
    const clock = offsetClock(systemClock);
    const { by, delivered } = recordingTransport({ delayMs: 50 });
    engines.runner([MAIL_PASS_JOB], jobDeps(clock, by("one")));
    engines.runner([MAIL_PASS_JOB], jobDeps(clock, by("two")));
    const ids = await db.transaction(async (tx) => {
      const queued: number[] = [];
      for (let n = 0; n < 6; n += 1) queued.push(await mailQueue(clock).queue(tx, mail(`runner-${n}@example.com`)));
      return queued;
    });
    await until(allSent(ids), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const mine = delivered.filter((sent) => ids.includes(sent.id)).map((sent) => sent.id);
    expect(mine.sort((x, y) => x - y)).toEqual(ids);
  });

  it("retries a failed delivery after its backoff, then sends it", async () => {
    const clock = offsetClock(systemClock);
    const { by, delivered } = recordingTransport({ failures: 1 });
    engines.runner([MAIL_PASS_JOB], jobDeps(clock, by("embedded")));
    const id = await mailQueue(clock).queue(db, mail("embedded-outage@example.com"));
    const [failed] = await until(async () => {
      const rows = await rowsOfMails([id]);
      return rows[0]?.attempts === 1 ? rows : undefined;
    }, 10_000);
    expect(failed).toMatchObject({ sentAt: null, error: expect.stringContaining("ECONNREFUSED") });
    // The backoff, passed at once: the next pass sends it.
    clock.advance(MAIL_RETRY_DELAY_MS);
    await until(allSent([id]), 10_000);
    expect(delivered.filter((sent) => sent.id === id)).toHaveLength(1);
    expect((await rowsOfMails([id]))[0]).toMatchObject({ attempts: 2, error: null });
  });
});
