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
