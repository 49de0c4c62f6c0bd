import {
  deliverQueuedMail,
  MAIL_CLAIM_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_DELAY_MS,
  type MailDeliveryDeps,
  type MailJobs,
  type SweepLog,
  sweepQueuedMail,
} from "@market/api";
import { SECOND_MS } from "@market/contracts";
import { and, type Db, isNull, lte, or, outgoingMail, sql } from "@market/db";
import type PgBoss from "pg-boss";
import type { ScheduledJob } from "./schedules";
import { type SqlExecutor, txExecutor } from "./tx-executor";

/** One job per queued mail (issue 38): its key is the mail's id. */
export const MAIL_QUEUE = "mail";

export interface MailJobData {
  mailId: number;
}

/**
 * The mail queue (pg-boss 10): `stately` with the mail id as singleton key, so at most one job of a mail waits and
 * one runs; a failed delivery is retried with pg-boss's exponential backoff from 30 s, as many times as the row
 * allows (MAIL_MAX_ATTEMPTS in all, after which deliverQueuedMail marks the mail failed and the job completes). A
 * job expires after the mail's claim (MAIL_CLAIM_MS) and a minute more: a job whose instance died is retried when
 * the mail is free again.
 */
export const MAIL_QUEUE_OPTIONS = {
  name: MAIL_QUEUE,
  policy: "stately",
  retryLimit: MAIL_MAX_ATTEMPTS - 1,
  retryDelay: MAIL_RETRY_DELAY_MS / SECOND_MS,
  retryBackoff: true,
  expireInSeconds: MAIL_CLAIM_MS / SECOND_MS + 60,
} as const satisfies PgBoss.Queue;

/** Sends a mail's job, through `db` when given (a transaction's executor: the job commits with the mail's row). */
export async function sendMailJob(boss: PgBoss, mailId: number, db?: SqlExecutor): Promise<boolean> {
  const id = await boss.send(MAIL_QUEUE, { mailId } satisfies MailJobData, {
    singletonKey: String(mailId),
    ...(db ? { db: db as PgBoss.Db } : {}),
  });
  return id !== null;
}

/** The MailJobs port on pg-boss: the mail's job sent in the transaction that records the mail (and its write). */
export function pgBossMailJobs(boss: PgBoss): MailJobs {
  return {
    async enqueue(tx, mailId) {
      await sendMailJob(boss, mailId, txExecutor(tx));
    },
  };
}

function mailIdOf(data: unknown): number {
  const mailId = (data as Partial<MailJobData> | null)?.mailId;
  if (!Number.isSafeInteger(mailId) || (mailId as number) <= 0) throw new Error("a mail job without a mail id");
  return mailId as number;
}

/**
 * Runs one mail job: one delivery attempt (deliverQueuedMail claims the mail first, so two instances never both
 * send it). A failed attempt throws, for pg-boss to retry the job with backoff; so does a mail another delivery
 * holds (it may die: the retry finds the mail free once its claim lapses). A mail given up is logged as an error.
 */
async function runMailJob(
  deps: MailDeliveryDeps & { log?: SweepLog | undefined },
  job: PgBoss.Job<unknown>,
): Promise<void> {
  const mailId = mailIdOf(job.data);
  const outcome = await deliverQueuedMail(deps, mailId);
  if (outcome.kind === "retry") throw new Error(`mail ${mailId} not delivered: ${outcome.error}`);
  if (outcome.kind === "busy") throw new Error(`mail ${mailId} is held by another delivery`);
  if (outcome.kind === "failed") {
    deps.log?.error?.({ mailId, attempts: outcome.attempts, error: outcome.error }, "mail given up: not delivered");
  }
}

/** Mail jobs fetched at once by an instance: delivered side by side, each within its own claim. */
export const MAIL_BATCH = 10;

/**
 * Runs a batch of mail jobs side by side. A job that throws is failed alone (pg-boss retries it with its backoff);
 * the others complete when the handler returns (pg-boss completes only the jobs still active).
 */
export async function runMailJobs(
  deps: MailDeliveryDeps & { log?: SweepLog | undefined },
  boss: PgBoss,
  jobs: readonly PgBoss.Job<unknown>[],
): Promise<void> {
  const outcomes = await Promise.allSettled(jobs.map((job) => runMailJob(deps, job)));
  await Promise.all(
    outcomes.map((outcome, index) => {
      const job = jobs[index];
      if (outcome.status === "fulfilled" || !job) return undefined;
      const message = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      return boss.fail(MAIL_QUEUE, job.id, { message });
    }),
  );
}

/**
 * Queued mails that are due and have no job waiting or running (pg-boss's own table: the mail's key in a job not
 * yet completed): mails a Mailer without jobs recorded (a script, a test route) or written before this release.
 * At most `limit`, the longest due first (outgoing_mail_due_idx).
 */
export async function dueMailsWithoutJob(db: Db, schema: string, now: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: outgoingMail.id })
    .from(outgoingMail)
    .where(
      and(
        lte(outgoingMail.nextAttemptAt, now),
        or(isNull(outgoingMail.claimedUntil), lte(outgoingMail.claimedUntil, now)),
        sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(schema)}.job j WHERE j.name = ${MAIL_QUEUE}
          AND j.singleton_key = ${outgoingMail.id}::text AND j.state <= 'active')`,
      ),
    )
    .orderBy(outgoingMail.nextAttemptAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The safety net under the mail jobs on pg-boss, every minute: a due mail without a job gets one. */
export function dueMailsJob(boss: PgBoss, schema: string): ScheduledJob {
  return {
    name: "mail-due",
    cron: "* * * * *",
    everyMs: 60 * SECOND_MS,
    async run(deps) {
      const ids = await dueMailsWithoutJob(deps.db, schema, deps.clock.now());
      for (const mailId of ids) await sendMailJob(boss, mailId);
      return ids.length;
    },
  };
}

/**
 * The embedded runner's mail pass (PGlite: no pg-boss): every second after the last pass ended, the due mails
 * delivered one by one (sweepQueuedMail), so a reset link arrives within a second or two of its request.
 */
export const MAIL_PASS_JOB: ScheduledJob = {
  name: "mail",
  cron: "* * * * *",
  everyMs: SECOND_MS,
  run: (deps) => sweepQueuedMail({ db: deps.db, clock: deps.clock, transport: deps.mailTransport }),
};
