/** Periodic work that a drain can stop: no pass starts after stop(), and stop() resolves once the running ones end. */
export interface PeriodicWork {
  stop(): Promise<void>;
}

/**
 * Runs `pass` now and every `intervalMs` (the sweeps' timers in main.ts), keeping the passes under way so that a
 * drain waits for them rather than closing the database under them. A pass's failure is its own to report: the
 * sweeps log theirs (runSweeps never rejects).
 */
export function everyInterval(pass: () => Promise<unknown>, intervalMs: number): PeriodicWork {
  const running = new Set<Promise<unknown>>();
  const run = () => {
    const done = pass().catch(() => {});
    running.add(done);
    void done.finally(() => running.delete(done));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(running);
    },
  };
}
