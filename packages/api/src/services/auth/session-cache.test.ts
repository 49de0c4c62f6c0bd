import type { ChannelListener, Db } from "@market/db";
import { describe, expect, it } from "vitest";
import { type CachedSession, createSessionCache, forgetEndedSessions } from "./session-cache";

/** A listener the test drives: it listens when told to, and can deliver NOTIFYs and re-listen. */
function fakeListener() {
  let onPayload: (payload: string) => void = () => {};
  let onListening: () => void = () => {};
  let resolveListen: (() => void) | undefined;
  const listener: ChannelListener = {
    listen(_channel, payload, listening) {
      onPayload = payload;
      onListening = listening;
      return new Promise((resolve) => {
        resolveListen = () => {
          listening();
          resolve(async () => {});
        };
      });
    },
  };
  return {
    listener,
    listen: () => resolveListen?.(),
    notify: (payload: string) => onPayload(payload),
    relisten: () => onListening(),
  };
}

const session = (userId: number): CachedSession => ({
  secretHash: new Uint8Array([userId]),
  lastVerifiedAt: new Date("2026-11-01T10:00:00Z"),
  viewer: { sessionId: `s${userId}`, userId, kind: "brand", username: `u${userId}`, impersonatorId: null },
});

function cacheWith(options: { maxEntries?: number } = {}) {
  const fake = fakeListener();
  let now = 0;
  const cache = createSessionCache({ db: {} as Db, listener: fake.listener, monotonic: () => now, ...options });
  return { cache, fake, age: (ms: number) => (now += ms) };
}

describe("createSessionCache", () => {
  it("serves nothing until it listens", async () => {
    const { cache, fake } = cacheWith();
    cache.set("s1", session(1));
    expect(cache.get("s1")).toBeUndefined();
    fake.listen();
    await cache.ready();
    cache.set("s1", session(1));
    expect(cache.get("s1")).toEqual(session(1));
    await cache.close();
  });

  it("forgets a session on its NOTIFY and does not cache it again for the TTL", async () => {
    const { cache, fake, age } = cacheWith();
    fake.listen();
    await cache.ready();
    cache.set("s1", session(1));
    fake.notify("s1");
    expect(cache.get("s1")).toBeUndefined();
    // A read that began before the end committed tries to cache it: refused.
    cache.set("s1", session(1));
    expect(cache.get("s1")).toBeUndefined();
    age(10_000);
    cache.set("s1", session(1));
    expect(cache.get("s1")).toEqual(session(1));
    await cache.close();
  });

  it("starts empty again when a lost LISTEN is re-established", async () => {
    const { cache, fake } = cacheWith();
    fake.listen();
    await cache.ready();
    cache.set("s1", session(1));
    fake.relisten();
    expect(cache.get("s1")).toBeUndefined();
    expect(cache.size()).toBe(0);
    await cache.close();
  });

  it("is forgotten by every cache of the process when a session ends here", async () => {
    const first = cacheWith();
    const second = cacheWith();
    for (const { fake } of [first, second]) fake.listen();
    await Promise.all([first.cache.ready(), second.cache.ready()]);
    first.cache.set("s1", session(1));
    second.cache.set("s1", session(1));
    forgetEndedSessions(["s1"]);
    expect(first.cache.get("s1")).toBeUndefined();
    expect(second.cache.get("s1")).toBeUndefined();
    await Promise.all([first.cache.close(), second.cache.close()]);
  });

  it("keeps at most maxEntries sessions, the oldest dropped first, and nothing once closed", async () => {
    const { cache, fake } = cacheWith({ maxEntries: 2 });
    fake.listen();
    await cache.ready();
    for (const id of [1, 2, 3]) cache.set(`s${id}`, session(id));
    expect(cache.size()).toBe(2);
    expect(cache.get("s1")).toBeUndefined();
    expect(cache.get("s3")).toEqual(session(3));
    await cache.close();
    cache.set("s4", session(4));
    expect(cache.get("s4")).toBeUndefined();
  });
});
