import type { MailJobs, PayoutJobs, WebhookJobs } from "@market/api";
import type { Db } from "@market/db";
import { type RunningJobs, startEmbeddedRunner } from "./embedded-runner";
import type { JobTiming } from "./job-timing";
import { MAIL_PASS_JOB } from "./mail-job";
import { startPgBossJobs } from "./pg-boss-engine";
import { CLEANUP_JOB, type JobDeps, type JobLog, LIFECYCLE_JOB, PAYOUT_PASS_JOB } from "./schedules";
import { WEBHOOK_PASS_JOB } from "./webhook-job";

export { jobTimingFrom } from "./job-timing";
export type { JobDeps, JobLog } from "./schedules";

/**
 * The server's time-driven work (docs/architecture.md, Jobs): on PostgreSQL pg-boss, on the embedded PGlite one
 * in-process runner. Made before the app (the app sends payout, mail and webhook jobs through its ports),
 * worked once it listens.
 */
export interface JobEngine extends RunningJobs {
  kind: "pg-boss" | "embedded";
  /** Absent on PGlite: the runner's payout pass finds payouts by their next attempt. */
  payoutJobs?: PayoutJobs | undefined;
  /** Absent on PGlite: the runner's mail pass finds queued mails by their next attempt. */
  mailJobs?: MailJobs | undefined;
  /** Absent on PGlite: the runner's webhook pass finds due deliveries by their next attempt. */
  webhookJobs?: WebhookJobs | undefined;
  /** Starts the schedules and workers. */
  work(deps: JobDeps): Promise<void>;
}

/**
 * pg-boss when the server runs on PostgreSQL (`directUrl`: DATABASE_DIRECT_URL, else DATABASE_URL), else the
 * embedded runner. `log` until work() hands over the app's logger.
 */
export async function startJobEngine(options: {
  directUrl?: string | undefined;
  db: Db;
  log: JobLog;
  /** pg-boss's intervals and the payout queue's expiry and retry delay (job-timing.ts); their defaults if absent. */
  timing?: JobTiming | undefined;
}): Promise<JobEngine> {
  if (options.directUrl) {
    const jobs = await startPgBossJobs({
      url: options.directUrl,
      db: options.db,
      log: options.log,
      ...options.timing,
    });
    return {
      kind: "pg-boss",
      payoutJobs: jobs.payoutJobs,
      mailJobs: jobs.mailJobs,
      webhookJobs: jobs.webhookJobs,
      work: jobs.work,
      stop: jobs.stop,
    };
  }
  let running: RunningJobs | undefined;
  return {
    kind: "embedded",
    async work(deps) {
      running = startEmbeddedRunner(
        [CLEANUP_JOB, LIFECYCLE_JOB, PAYOUT_PASS_JOB, MAIL_PASS_JOB, WEBHOOK_PASS_JOB],
        deps,
      );
    },
    async stop() {
      await running?.stop();
    },
  };
}

/** The engine's log until the app's logger exists (its start): stderr, as main.ts reports a wrong setting. */
export const consoleJobLog: JobLog = {
  info: (details, message) => console.error(message, details),
  warn: (details, message) => console.error(message, details),
  error: (details, message) => console.error(message, details),
};
