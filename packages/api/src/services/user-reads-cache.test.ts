import { describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { isSharedAnswer } from "../shared-answer";
import { createUserReadsCache, readShared, readThrough, type Timed } from "./user-reads-cache";

const START = new Date("2026-06-01T12:00:00Z");

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = fixedClock(START);
  let ticks = 0;
  const cache = createUserReadsCache({ clock, monotonic: () => ticks, ...options });
  const loads: string[] = [];
  /** Reads `key` for `userId`: records the load and answers `${userId}:${key}#${n}`, n counting the loads so far. */
  const get = (userId: number, key: string, changesAt: Date | null = null) =>
    cache.get(userId, key, () => {
      loads.push(`${userId}:${key}`);
      return Promise.resolve({ value: `${userId}:${key}#${loads.length}`, changesAt });
    });
  return { cache, clock, loads, get, wait: (ms: number) => (ticks += ms) };
}

describe("UserReadsCache", () => {
  it("answers a user's key from one load while nothing is forgotten, and keeps users and keys apart", async () => {
    const { loads, get } = setup();
    expect(await get(1, "list")).toBe("1:list#1");
    expect(await get(1, "list")).toBe("1:list#1");
    expect(await get(2, "list")).toBe("2:list#2");
    expect(await get(1, "other")).toBe("1:other#3");
    expect(loads).toEqual(["1:list", "2:list", "1:other"]);
  });

  it("forgets only the users named: their every key, and no one else's", async () => {
    const { cache, get } = setup();
    await get(1, "a");
    await get(1, "b");
    await get(2, "a");
    await get(3, "a");
    cache.forgetUsers([1, 3]);
    expect(cache.size()).toBe(1);
    expect(await get(1, "a")).toBe("1:a#5");
    expect(await get(1, "b")).toBe("1:b#6");
    expect(await get(2, "a")).toBe("2:a#3");
    expect(await get(3, "a")).toBe("3:a#7");
  });

  it("forgets everyone at once", async () => {
    const { cache, get } = setup();
    await get(1, "a");
    await get(2, "a");
    cache.forget();
    expect(cache.size()).toBe(0);
    expect(await get(1, "a")).toBe("1:a#3");
    expect(await get(2, "a")).toBe("2:a#4");
  });

  it("forgets a load in flight: a caller after the forget waits on a load of its own, one before keeps the first", async () => {
    const { cache } = setup();
    const finishes: ((value: Timed<string>) => void)[] = [];
    const load = () => new Promise<Timed<string>>((resolve) => finishes.push(resolve));
    const before = cache.get(1, "a", load);
    cache.forgetUsers([1]);
    const after = cache.get(1, "a", load);
    expect(finishes).toHaveLength(2);
    finishes[0]?.({ value: "read before the write", changesAt: null });
    finishes[1]?.({ value: "read after the write", changesAt: null });
    expect(await before).toBe("read before the write");
    expect(await after).toBe("read after the write");
    expect(await cache.get(1, "a", load)).toBe("read after the write");
    expect(finishes).toHaveLength(2);
  });

  it("is not used from the instant the load said time alone changes its answer, on the service clock", async () => {
    const { clock, get } = setup();
    const at = new Date(START.getTime() + 5_000);
    expect(await get(1, "waiting", at)).toBe("1:waiting#1");
    clock.advance(4_999);
    expect(await get(1, "waiting", at)).toBe("1:waiting#1");
    clock.advance(1);
    expect(await get(1, "waiting", null)).toBe("1:waiting#2");
  });

  it("lives the TTL at most, on the monotonic timer and on the service clock, and never before its load", async () => {
    const { clock, get, wait } = setup({ ttlMs: 30_000 });
    expect(await get(1, "a")).toBe("1:a#1");
    wait(29_999);
    expect(await get(1, "a")).toBe("1:a#1");
    wait(1);
    expect(await get(1, "a")).toBe("1:a#2");
    clock.advance(30_000);
    expect(await get(1, "a")).toBe("1:a#3");
    // The browser tests' time travel back: a load made "later" is not an answer for an earlier instant.
    clock.advance(-1);
    expect(await get(1, "a")).toBe("1:a#4");
  });

  it("holds at most maxEntries keys, dropping the least recently used, and forgets an evicted key's user index", async () => {
    const { cache, loads, get } = setup({ maxEntries: 2 });
    await get(1, "a");
    await get(2, "a");
    await get(1, "a"); // 1:a is now more recent than 2:a
    await get(3, "a"); // evicts 2:a
    expect(cache.size()).toBe(2);
    expect(await get(1, "a")).toBe("1:a#1");
    expect(await get(2, "a")).toBe("2:a#4");
    cache.forgetUsers([2]);
    expect(cache.size()).toBe(1);
    expect(loads).toEqual(["1:a", "2:a", "3:a", "2:a"]);
  });

  it("shares one load among concurrent misses, and keeps no failed load", async () => {
    const { cache } = setup();
    let calls = 0;
    let finish: (value: Timed<number>) => void = () => {};
    const load = () => {
      calls += 1;
      return new Promise<Timed<number>>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = Array.from({ length: 5 }, () => cache.get(1, "a", load));
    finish({ value: 42, changesAt: null });
    expect(await Promise.all(waiting)).toEqual([42, 42, 42, 42, 42]);
    expect(calls).toBe(1);

    const failing = () => Promise.reject(new Error("connection lost"));
    const failed = [cache.get(1, "b", failing), cache.get(1, "b", failing)];
    for (const call of failed) await expect(call).rejects.toThrow("connection lost");
    expect(cache.size()).toBe(1);
    expect(
      await cache
        .get(1, "b", () => {
          throw new Error("bad query");
        })
        .catch((error: Error) => error.message),
    ).toBe("bad query");
    expect(await cache.get(1, "b", () => Promise.resolve({ value: 7, changesAt: null }))).toBe(7);
  });

  it("reads through the cache when there is one, and loads every time without", async () => {
    let loads = 0;
    const load = () => Promise.resolve({ value: ++loads, changesAt: null });
    const cache = createUserReadsCache({ clock: fixedClock(START) });
    expect([await readThrough(cache, 1, "a", load), await readThrough(cache, 1, "a", load)]).toEqual([1, 1]);
    expect([await readThrough(undefined, 1, "a", load), await readThrough(undefined, 1, "a", load)]).toEqual([2, 3]);
  });
});

describe("readShared", () => {
  it("shares a kept answer frozen (its JSON written once), and leaves an answer read without a cache the caller's", async () => {
    const cache = createUserReadsCache({ clock: fixedClock(START) });
    const load = () => Promise.resolve({ items: [{ id: 1 }] });
    const kept = await readShared(cache, 1, "a", load);
    expect(isSharedAnswer(kept)).toBe(true);
    expect(Object.isFrozen(kept.items[0])).toBe(true);
    expect(await readShared(cache, 1, "a", load)).toBe(kept);
    const own = await readShared(undefined, 1, "a", load);
    expect(isSharedAnswer(own) || Object.isFrozen(own)).toBe(false);
  });
});
