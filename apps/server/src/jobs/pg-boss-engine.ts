import type { MailJobs, PayoutJobs, WebhookJobs } from "@market/api";
import { MINUTE_MS } from "@market/contracts";
import { type Db, sql } from "@market/db";
import PgBoss from "pg-boss";
import type { RunningJobs } from "./embedded-runner";
import { dueMailsJob, MAIL_BATCH, MAIL_QUEUE, MAIL_QUEUE_OPTIONS, pgBossMailJobs, runMailJobs } from "./mail-job";
import {
  duePayoutsWithoutJob,
  PAYOUT_DEAD_QUEUE,
  PAYOUT_QUEUE,
  PAYOUT_QUEUE_OPTIONS,
  pgBossPayoutJobs,
  runPayoutJob,
  sendPayoutJob,
} from "./payout-job";
import { CLEANUP_JOB, type JobDeps, type JobLog, LIFECYCLE_JOB, type ScheduledJob } from "./schedules";
import {
  dueWebhooksJob,
  pgBossWebhookJobs,
  runWebhookJobs,
  WEBHOOK_BATCH,
  WEBHOOK_QUEUE,
  WEBHOOK_QUEUE_OPTIONS,
} from "./webhook-job";

/**
 * How long stop() waits for the jobs under way: within the shutdown's 10 s (main.ts). A job still running then is
 * left active; pg-boss retries it after its expiry, when its payout's claim has lapsed.
 */
const STOP_TIMEOUT_MS = 8_000;

/** pg-boss's tables live in their own schema, beside the application's. */
export const JOBS_SCHEMA = "pgboss";

/**
 * The payouts that have no job (see duePayoutsWithoutJob) get one, every minute: the safety net under the chain of
 * payout jobs, never a second job for a payout that has one.
 */
function duePayoutsJob(boss: PgBoss, schema: string): ScheduledJob {
  return {
    name: "payouts-due",
    cron: "* * * * *",
    everyMs: MINUTE_MS,
    async run(deps) {
      const ids = await duePayoutsWithoutJob(deps.db, schema, deps.clock.now());
      for (const payoutId of ids) await sendPayoutJob(boss, payoutId);
      return ids.length;
    },
  };
}

export interface PgBossJobsOptions {
  /** DATABASE_DIRECT_URL: a direct connection (not through a pooler in transaction mode), for pg-boss's own pool. */
  url: string;
  /** The application's database: instances starting at once set the queues up one after the other through it. */
  db: Db;
  /** Until work() hands over the app's logger. */
  log: JobLog;
  /** Its own schema (tests: one per test, so they never meet); JOBS_SCHEMA by default. */
  schema?: string | undefined;
  /** pg-boss's intervals, shortened by tests; its defaults otherwise. */
  timing?:
    | Pick<
        PgBoss.ConstructorOptions,
        "cronMonitorIntervalSeconds" | "cronWorkerIntervalSeconds" | "maintenanceIntervalSeconds"
      >
    | undefined;
  /** How often an idle worker looks for jobs, in seconds (2 by default). */
  pollingIntervalSeconds?: number | undefined;
  /** The time-driven jobs: the cleanup, lifecycle and due payouts' by default; a test passes its own. */
  scheduled?: readonly ScheduledJob[] | undefined;
  /** The payout queue's retries and expiry: PAYOUT_QUEUE_OPTIONS' by default; a test shortens them. */
  payoutRetry?: Pick<PgBoss.Queue, "retryLimit" | "retryDelay" | "expireInSeconds"> | undefined;
  /** The mail queue's retry delay: MAIL_QUEUE_OPTIONS' by default; a test shortens it. */
  mailRetry?: Pick<PgBoss.Queue, "retryDelay" | "retryBackoff"> | undefined;
}

export interface PgBossJobs extends RunningJobs {
  boss: PgBoss;
  /** For ApiDeps: a written payout's job, sent in its transaction. */
  payoutJobs: PayoutJobs;
  /** For the Mailer (mailQueue): a queued mail's job, sent in its transaction. */
  mailJobs: MailJobs;
  /** For ApiDeps and the jobs' deps: a written delivery's job, sent in its transaction. */
  webhookJobs: WebhookJobs;
  /** Schedules the time-driven jobs (once across all instances) and works every queue; the app's deps needed. */
  work(deps: JobDeps): Promise<void>;
}

/**
 * Starts pg-boss (creating or migrating its schema) and its queues; work() then runs the jobs. Every instance runs
 * the same: pg-boss's cron sends each schedule's job once per minute across all of them (its own singleton), a
 * queue's `stately` policy lets one run at a time, and a payout's job is keyed by its id.
 */
export async function startPgBossJobs(options: PgBossJobsOptions): Promise<PgBossJobs> {
  const schema = options.schema ?? JOBS_SCHEMA;
  const boss = new PgBoss({
    connectionString: options.url,
    schema,
    // Its pool: the workers, the cron and its maintenance; the application's queries have their own.
    max: 4,
    application_name: "market-jobs",
    ...options.timing,
  });
  let log = options.log;
  boss.on("error", (error) => log.warn({ err: error }, "job engine error"));
  const scheduled = options.scheduled ?? [
    CLEANUP_JOB,
    LIFECYCLE_JOB,
    duePayoutsJob(boss, schema),
    dueMailsJob(boss, schema),
    dueWebhooksJob(boss, schema),
  ];
  // Two instances creating the same queue at once deadlock in pg-boss (each attaches a partition): one at a time.
  // pg-boss's start creates a queue too (its cron's `__pgboss__send-it`), so it starts under the same lock: started
  // before it, two instances starting together still met there now and then ("deadlock detected" in create_queue).
  await options.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${schema}.queues`}))`);
    await boss.start();
    await boss.createQueue(PAYOUT_DEAD_QUEUE);
    await createOrUpdateQueue(boss, { ...PAYOUT_QUEUE_OPTIONS, ...options.payoutRetry });
    await createOrUpdateQueue(boss, { ...MAIL_QUEUE_OPTIONS, ...options.mailRetry });
    await createOrUpdateQueue(boss, WEBHOOK_QUEUE_OPTIONS);
    // A schedule's run waits for the one before it to end (stately), and is not retried: the next one comes soon.
    for (const job of scheduled) await createOrUpdateQueue(boss, { name: job.name, policy: "stately", retryLimit: 0 });
  });

  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const webhookJobs = pgBossWebhookJobs(boss);
  return {
    boss,
    payoutJobs: pgBossPayoutJobs(boss, schema),
    mailJobs: pgBossMailJobs(boss),
    webhookJobs,
    async work(deps) {
      if (deps.log) log = deps.log;
      for (const job of scheduled) {
        await boss.schedule(job.name, job.cron, undefined, { tz: "UTC" });
        await boss.work(job.name, { pollingIntervalSeconds }, async () => {
          await job.run(deps);
        });
      }
      await boss.work(PAYOUT_QUEUE, { pollingIntervalSeconds, includeMetadata: true, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await runPayoutJob(deps, boss, job);
      });
      // Mails by batches delivered side by side, on a worker of their own: a slow mail server slows no payout. A
      // full batch means more wait: the worker fetches again at once, not a polling interval later (pg-boss waits
      // the interval after every fetch), so a reset link queued behind a burst of mails still arrives in seconds.
      let mailWorker = "";
      mailWorker = await boss.work(MAIL_QUEUE, { pollingIntervalSeconds, batchSize: MAIL_BATCH }, async (jobs) => {
        await runMailJobs({ ...deps, transport: deps.mailTransport }, boss, jobs);
        if (jobs.length === MAIL_BATCH) boss.notifyWorker(mailWorker);
      });
      // Webhooks the same way on a worker of their own: a slow receiver (5 s at most each) slows no mail.
      let webhookWorker = "";
      webhookWorker = await boss.work(
        WEBHOOK_QUEUE,
        { pollingIntervalSeconds, batchSize: WEBHOOK_BATCH },
        async (jobs) => {
          await runWebhookJobs({ ...deps, webhookJobs, log }, boss, jobs);
          if (jobs.length === WEBHOOK_BATCH) boss.notifyWorker(webhookWorker);
        },
      );
    },
    async stop() {
      // No job is fetched from now on; the ones under way finish, or are retried elsewhere after their expiry.
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}

/** createQueue leaves an existing queue's options alone; a new release's options must reach it. */
async function createOrUpdateQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
  else await boss.createQueue(queue.name, queue);
}
