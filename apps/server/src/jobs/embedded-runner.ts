import type { JobDeps, ScheduledJob } from "./schedules";

/** A running job engine: stop() lets the passes under way finish, and starts no more. */
export interface RunningJobs {
  stop(): Promise<void>;
}

/**
 * The embedded database's job runner (PGlite: one process, no pg-boss): each job runs now, then again `everyMs`
 * after its pass ENDS, so a slow pass never overlaps the next one (the payout worker's passes may last minutes
 * behind slow providers). A pass that throws is logged and the job keeps its schedule.
 */
export function startEmbeddedRunner(jobs: readonly ScheduledJob[], deps: JobDeps): RunningJobs {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const passes = new Set<Promise<void>>();

  const runPass = (job: ScheduledJob) => {
    const pass = job
      .run(deps)
      .then(
        () => undefined,
        (error: unknown) => deps.log?.warn({ err: error, job: job.name }, "job pass failed"),
      )
      .finally(() => {
        passes.delete(pass);
        if (!stopped) schedule(job);
      });
    passes.add(pass);
  };
  const schedule = (job: ScheduledJob) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      runPass(job);
    }, job.everyMs);
    // Never what keeps the process alive.
    timer.unref();
    timers.add(timer);
  };

  for (const job of jobs) runPass(job);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(passes);
    },
  };
}
