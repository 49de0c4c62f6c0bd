import { describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { createSearchCache } from "./search-cache";

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
  let ticks = 0;
  const cache = createSearchCache({ clock, monotonic: () => ticks, ...options });
  const loads: string[] = [];
  /** A load that records its key and answers `${key}#${n}`, n counting the loads so far. */
  const loader = (key: string) => () => {
    loads.push(key);
    return Promise.resolve(`${key}#${loads.length}`);
  };
  const get = (key: string) => cache.get(key, loader(key));
  return { cache, clock, loads, get, wait: (ms: number) => (ticks += ms) };
}

describe("SearchCache", () => {
  it("forgets every key at once: the next call of each loads again", async () => {
    const { cache, loads, get } = setup();
    await get("a");
    await get("b");
    cache.forget();
    expect(cache.size()).toBe(0);
    expect(await get("a")).toBe("a#3");
    expect(await get("b")).toBe("b#4");
    expect(loads).toEqual(["a", "b", "a", "b"]);
  });

  it("forgets a load in flight: a caller after forget() waits on a load of its own, one before keeps the first", async () => {
    const { cache } = setup();
    const finishes: ((value: string) => void)[] = [];
    const load = () => new Promise<string>((resolve) => finishes.push(resolve));
    const before = cache.get("a", load);
    cache.forget();
    const after = cache.get("a", load);
    expect(finishes).toHaveLength(2);
    finishes[0]?.("read before the write");
    finishes[1]?.("read after the write");
    expect(await before).toBe("read before the write");
    expect(await after).toBe("read after the write");
    // What is kept is the later load: the earlier one was dropped with everything else.
    expect(await cache.get("a", load)).toBe("read after the write");
    expect(finishes).toHaveLength(2);
  });

  it("answers from one load until the TTL has passed on the monotonic timer, then loads again", async () => {
    const { loads, get, wait } = setup({ ttlMs: 3_000 });
    expect(await get("a")).toBe("a#1");
    wait(2_999);
    expect(await get("a")).toBe("a#1");
    wait(1);
    expect(await get("a")).toBe("a#2");
    expect(loads).toEqual(["a", "a"]);
  });

  it("loads again once the service clock has moved by the TTL, either way (the browser tests' time travel)", async () => {
    const { clock, get } = setup({ ttlMs: 3_000 });
    expect(await get("a")).toBe("a#1");
    clock.advance(2_999);
    expect(await get("a")).toBe("a#1");
    clock.advance(10 * 86_400_000);
    expect(await get("a")).toBe("a#2");
    clock.advance(-3_000);
    expect(await get("a")).toBe("a#3");
  });

  it("keeps each key apart", async () => {
    const { get } = setup();
    expect(await get("a")).toBe("a#1");
    expect(await get("b")).toBe("b#2");
    expect(await get("a")).toBe("a#1");
  });

  it("holds at most maxEntries keys, dropping the least recently used", async () => {
    const { cache, loads, get } = setup({ maxEntries: 2 });
    await get("a");
    await get("b");
    await get("a"); // a is now more recent than b
    await get("c"); // evicts b
    expect(cache.size()).toBe(2);
    expect(await get("a")).toBe("a#1");
    expect(await get("c")).toBe("c#3");
    expect(await get("b")).toBe("b#4"); // loaded again, evicting a
    expect(cache.size()).toBe(2);
    expect(loads).toEqual(["a", "b", "c", "b"]);
  });

  it("shares one load among concurrent misses of a key", async () => {
    const { cache } = setup();
    let calls = 0;
    let finish: (value: number) => void = () => {};
    const load = () => {
      calls += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = Array.from({ length: 5 }, () => cache.get("a", load));
    finish(42);
    expect(await Promise.all(waiting)).toEqual([42, 42, 42, 42, 42]);
    expect(calls).toBe(1);
  });

  it("does not keep a failed load: the callers waiting on it get the error, the next call loads again", async () => {
    const { cache } = setup();
    const failing = () => Promise.reject(new Error("connection lost"));
    const waiting = [cache.get("a", failing), cache.get("a", failing)];
    for (const call of waiting) await expect(call).rejects.toThrow("connection lost");
    expect(cache.size()).toBe(0);
    expect(await cache.get("a", () => Promise.resolve(7))).toBe(7);
  });

  it("turns a load that throws before answering into a rejection", async () => {
    const { cache } = setup();
    await expect(
      cache.get("a", () => {
        throw new Error("bad query");
      }),
    ).rejects.toThrow("bad query");
    expect(cache.size()).toBe(0);
  });
});
