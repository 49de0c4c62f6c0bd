/** Time comes from here so tests can move it; services never call Date.now() themselves. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date): Clock & { set(to: Date): void; advance(ms: number): void } {
  let current = at;
  return {
    now: () => new Date(current),
    set: (to) => {
      current = to;
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** A clock running with another one, some time ahead of it, which can be moved forward and back to it. */
export interface OffsetClock extends Clock {
  /** Moves this clock `ms` further ahead of its base. */
  advance(ms: number): void;
  /** Runs with its base again. */
  reset(): void;
  /** How far ahead of its base it runs, in ms. */
  offsetMs(): number;
}

/**
 * The browser tests' server clock (E2E_TEST_ROUTES=1 only, see apps/server/src/main.ts): real time that keeps
 * running, so pages and sessions behave as usual, plus whatever jumps POST /api/test/clock asked for, so a test
 * sees a 10-day window end without waiting 10 days.
 */
export function offsetClock(base: Clock = systemClock): OffsetClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}

/** Whether a clock can be moved by the test routes (an offsetClock). */
export const isOffsetClock = (clock: Clock): clock is OffsetClock =>
  "advance" in clock && "reset" in clock && "offsetMs" in clock;
