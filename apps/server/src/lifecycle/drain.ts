import { setTimeout as sleep } from "node:timers/promises";

/** Whether this instance drains: GET /readyz fails from the moment it does (lifecycle/readiness.ts). */
export interface DrainState {
  isDraining(): boolean;
  begin(): void;
}

export function createDrainState(): DrainState {
  let draining = false;
  return {
    isDraining: () => draining,
    begin: () => {
      draining = true;
    },
  };
}

export interface DrainLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What a drain does, in main.ts's terms. */
export interface DrainSteps {
  log: DrainLog;
  /** How long connections are still accepted once /readyz fails (DRAIN_DELAY_MS). */
  delayMs: number;
  /** The bound on the whole drain (DRAIN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Stops the periodic work (the job engine) and resolves once the work under way has ended. */
  stopWork(): Promise<void>;
  /**
   * Stops accepting connections and resolves once the requests in flight are answered and the WebSockets closed
   * (1012, socket-restart.ts): the app's close.
   */
  closeServer(): Promise<void>;
  /** Closes what the requests and the work use until they end: the database. */
  closeDatabase(): Promise<void>;
}

/**
 * Takes the instance out of service without failing anyone (docs/architecture.md, "Probes and drain"): /readyz
 * fails at once and the periodic work stops taking new passes; connections are still accepted for `delayMs`,
 * while the balancer's health check sees the 503 and sends the traffic elsewhere; then the server stops accepting,
 * answers the requests in flight, tells the WebSockets to reconnect elsewhere, waits for the work's passes and
 * closes the database. Resolves with the exit code: 0 when all of it ended within `timeoutMs`, else 1 (what was
 * left is cut: a payout's claim expires and another instance takes it, as after a crash).
 */
export async function drain(state: DrainState, steps: DrainSteps): Promise<number> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  state.begin();
  steps.log.info({ delayMs: steps.delayMs, timeoutMs: steps.timeoutMs }, "draining: /readyz fails from now on");
  const workStopped = steps.stopWork();
  const drained = (async () => {
    await sleep(steps.delayMs);
    steps.log.info({ elapsedMs: elapsed() }, "draining: no new connections; answering those in flight");
    await steps.closeServer();
    await workStopped;
    await steps.closeDatabase();
    return 0;
  })().catch((error: unknown) => {
    steps.log.error({ err: error, elapsedMs: elapsed() }, "the drain failed");
    return 1;
  });
  const bound = new AbortController();
  const timedOut = sleep(steps.timeoutMs, 1, { signal: bound.signal }).then(
    (code) => {
      steps.log.error({ timeoutMs: steps.timeoutMs }, "the drain did not end within DRAIN_TIMEOUT_MS: exiting anyway");
      return code;
    },
    () => 1,
  );
  const code = await Promise.race([drained, timedOut]);
  bound.abort();
  if (code === 0) steps.log.info({ elapsedMs: elapsed() }, "drained");
  return code;
}

/**
 * Drains on the first SIGTERM or SIGINT, then exits with drain's code. A second signal exits at once (code 1):
 * someone pressing Ctrl-C again does not want to wait.
 */
export function drainOnSignals(
  state: DrainState,
  steps: DrainSteps,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (state.isDraining()) {
        steps.log.error({ signal }, "a second signal during the drain: exiting now");
        exit(1);
        return;
      }
      steps.log.info({ signal }, "shutting down");
      void drain(state, steps).then(exit);
    });
  }
}
