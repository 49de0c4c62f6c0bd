import type { Env } from "../env";
import type { PgBossJobsOptions } from "./pg-boss-engine";

export type JobTimingEnv = Pick<
  Env,
  | "PAYOUT_JOB_EXPIRE_SECONDS"
  | "PAYOUT_JOB_RETRY_DELAY_SECONDS"
  | "JOBS_MAINTENANCE_INTERVAL_SECONDS"
  | "JOBS_CRON_INTERVAL_SECONDS"
>;

/** pg-boss's intervals and the payout queue's expiry and retry delay, from the environment. */
export type JobTiming = Pick<PgBossJobsOptions, "timing" | "payoutRetry">;

/**
 * The job engine's timing the environment sets (env.ts): pg-boss's and the payout queue's own defaults for what is
 * unset, so a deployment that sets nothing runs as before. The fault tests (scripts/cluster) shorten them to seconds:
 * a lost payout job retried elsewhere, a schedule's run, seen within a test's time.
 */
export function jobTimingFrom(env: JobTimingEnv): JobTiming {
  const timing: NonNullable<JobTiming["timing"]> = {};
  if (env.JOBS_MAINTENANCE_INTERVAL_SECONDS !== undefined)
    timing.maintenanceIntervalSeconds = env.JOBS_MAINTENANCE_INTERVAL_SECONDS;
  if (env.JOBS_CRON_INTERVAL_SECONDS !== undefined) {
    timing.cronMonitorIntervalSeconds = env.JOBS_CRON_INTERVAL_SECONDS;
    timing.cronWorkerIntervalSeconds = env.JOBS_CRON_INTERVAL_SECONDS;
  }
  const payoutRetry: NonNullable<JobTiming["payoutRetry"]> = {};
  if (env.PAYOUT_JOB_EXPIRE_SECONDS !== undefined) payoutRetry.expireInSeconds = env.PAYOUT_JOB_EXPIRE_SECONDS;
  if (env.PAYOUT_JOB_RETRY_DELAY_SECONDS !== undefined) payoutRetry.retryDelay = env.PAYOUT_JOB_RETRY_DELAY_SECONDS;
  return { timing, payoutRetry };
}
