import {
  LIFECYCLE_SWEEP_INTERVAL_MS,
  LIFECYCLE_SWEEPS,
  type MailTransport,
  type NetworkSweepDeps,
  PAYOUT_SWEEP_INTERVAL_MS,
  type PayoutProviders,
  runSweeps,
  type SweepDeps,
  type SweepLog,
  sweepPayouts,
  type TokenCipher,
  type WebhookTargets,
} from "@market/api";
import { MINUTE_MS } from "@market/contracts";

/**
 * What the time-driven jobs run with: the sweeps' dependencies, the network readers, the payout providers and how
 * mail leaves (the sandbox outbox, or SMTP: the mail job's transport).
 */
export interface JobDeps extends SweepDeps {
  mailTransport: MailTransport;
  networks: NetworkSweepDeps;
  payoutProviders: PayoutProviders;
  tokenCipher: TokenCipher;
  /** Where webhooks may go: public https only when absent (a test server allows loopback). */
  webhookTargets?: WebhookTargets | undefined;
}

/** Where the engine tells what went wrong (the app's logger once it exists). */
export type JobLog = SweepLog;

/** A job that runs on a schedule: a cron line for pg-boss (once across all instances), an interval in-process. */
export interface ScheduledJob {
  name: string;
  /** pg-boss's schedule (UTC, minute precision). */
  cron: string;
  /** The embedded runner's pause between the end of one pass and the start of the next. */
  everyMs: number;
  run(deps: JobDeps): Promise<unknown>;
}

/**
 * Data that only grows (search docs of closed deals, ended rate-limit windows, spent reset links, expired sessions,
 * abandoned campaign images), linked networks' statistics once a week old, delivered posts' checks: every 10
 * minutes, off the request path. runSweeps never rejects: each failure is logged and that sweep runs next time.
 */
export const CLEANUP_JOB: ScheduledJob = {
  name: "cleanup",
  cron: "*/10 * * * *",
  everyMs: 10 * MINUTE_MS,
  run: (deps) => runSweeps(deps),
};

/**
 * Lifecycle transitions that fall due with time (a proposal past its expiration denied, the money of an ended window
 * released, the brand reminded before that, the mails of unseen notifications): every minute, logged only when one
 * happened.
 */
export const LIFECYCLE_JOB: ScheduledJob = {
  name: "lifecycle",
  cron: "* * * * *",
  everyMs: LIFECYCLE_SWEEP_INTERVAL_MS,
  run: (deps) => runSweeps(deps, LIFECYCLE_SWEEPS, { label: "lifecycle", logWhenIdle: false }),
};

/**
 * The payout worker as one pass over every due payout (money.md): the embedded runner's way, every 10 s. On
 * PostgreSQL each payout is its own job instead (payout-job.ts).
 */
export const PAYOUT_PASS_JOB: ScheduledJob = {
  name: "payouts",
  cron: "* * * * *",
  everyMs: PAYOUT_SWEEP_INTERVAL_MS,
  run: (deps) =>
    runSweeps(
      deps,
      { payouts: (workerDeps: JobDeps) => sweepPayouts(workerDeps) },
      {
        label: "payouts",
        logWhenIdle: false,
      },
    ),
};
