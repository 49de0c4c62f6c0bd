import { eq, sessions, sql, users } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createAdminUser, createBrand } from "../../testing";
import { SESSION_ENDED_CHANNEL } from "../notifications/channels";
import { createSessionCache, SESSION_CACHE_TTL_MS, type SessionCache } from "./session-cache";
import {
  createSession,
  endUserSessions,
  invalidateSession,
  SESSION_REFRESH_MS,
  validateSessionToken,
} from "./sessions";

let testDb: TestDb;
let userId: number;
const opened: SessionCache[] = [];

/** A cache on the test database whose monotonic time the test moves. */
async function cacheOnDb() {
  let monotonicMs = 0;
  const cache = createSessionCache({ db: testDb.db, monotonic: () => monotonicMs });
  opened.push(cache);
  await cache.ready();
  return {
    cache,
    age: (ms: number) => {
      monotonicMs += ms;
    },
  };
}

const idOf = (token: string) => token.split(".")[0] as string;

/** Deletes a session row behind the app's back (nothing in the app ends a session without announcing it). */
const deleteRowQuietly = (token: string) => testDb.db.delete(sessions).where(eq(sessions.id, idOf(token)));

beforeAll(async () => {
  testDb = await createTestDb();
  userId = (await createBrand(testDb.db, { username: "cachedbrand" })).id;
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((cache) => cache.close()));
});
afterAll(() => testDb.close());

describe("validateSessionToken with a session cache", () => {
  it("answers a session it validated from memory within the TTL, then from the row again", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { cache, age } = await cacheOnDb();
    const { token } = await createSession(testDb.db, clock, userId);
    const viewer = await validateSessionToken(testDb.db, clock, token, cache);
    expect(viewer).toMatchObject({ userId, kind: "brand", username: "cachedbrand" });

    await deleteRowQuietly(token);
    // Served from memory: the row is gone and nothing announced it.
    expect(await validateSessionToken(testDb.db, clock, token, cache)).toEqual(viewer);
    age(SESSION_CACHE_TTL_MS);
    expect(await validateSessionToken(testDb.db, clock, token, cache)).toBeNull();
  });

  it("refuses a forged secret of a cached session", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { cache } = await cacheOnDb();
    const { token } = await createSession(testDb.db, clock, userId);
    expect(await validateSessionToken(testDb.db, clock, token, cache)).not.toBeNull();
    const forged = `${idOf(token)}.${"a".repeat(52)}`;
    expect(await validateSessionToken(testDb.db, clock, forged, cache)).toBeNull();
    // The real token is still answered (the forgery evicted nothing it should not).
    expect(await validateSessionToken(testDb.db, clock, token, cache)).not.toBeNull();
  });

  it("sees a logout at once", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { cache } = await cacheOnDb();
    const { token } = await createSession(testDb.db, clock, userId);
    expect(await validateSessionToken(testDb.db, clock, token, cache)).not.toBeNull();
    await invalidateSession(testDb.db, idOf(token));
    expect(await validateSessionToken(testDb.db, clock, token, cache)).toBeNull();
  });

  it("sees a password change end the user's other sessions at once, keeping the one that changed it", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { cache } = await cacheOnDb();
    const kept = await createSession(testDb.db, clock, userId);
    const other = await createSession(testDb.db, clock, userId);
    expect(await validateSessionToken(testDb.db, clock, kept.token, cache)).not.toBeNull();
    expect(await validateSessionToken(testDb.db, clock, other.token, cache)).not.toBeNull();
    await endUserSessions(testDb.db, userId, idOf(kept.token));
    expect(await validateSessionToken(testDb.db, clock, other.token, cache)).toBeNull();
    expect(await validateSessionToken(testDb.db, clock, kept.token, cache)).toMatchObject({ userId });
  });

  it("leaves the hourly refresh and the expiry to the row", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { cache } = await cacheOnDb();
    const { token } = await createSession(testDb.db, clock, userId);
    expect(await validateSessionToken(testDb.db, clock, token, cache)).not.toBeNull();
    clock.advance(SESSION_REFRESH_MS);
    // The refresh is due: the row is read (and refreshed), and what the cache keeps is the refreshed time.
    expect(await validateSessionToken(testDb.db, clock, token, cache)).not.toBeNull();
    const [row] = await testDb.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, idOf(token)));
    expect(row?.lastVerifiedAt).toEqual(clock.now());
    await deleteRowQuietly(token);
    expect(await validateSessionToken(testDb.db, clock, token, cache)).not.toBeNull();
    clock.advance(SESSION_REFRESH_MS);
    expect(await validateSessionToken(testDb.db, clock, token, cache)).toBeNull();
  });

  it("never keeps an impersonation: its admin's flag is read at every request", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { cache } = await cacheOnDb();
    const admin = await createAdminUser(testDb.db);
    const { token } = await createSession(testDb.db, clock, userId, admin.id);
    expect(await validateSessionToken(testDb.db, clock, token, cache)).toMatchObject({ impersonatorId: admin.id });
    expect(cache.size()).toBe(0);
    await testDb.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect(await validateSessionToken(testDb.db, clock, token, cache)).toBeNull();
  });

  it("forgets a session whose end another instance announced (the NOTIFY alone)", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { cache } = await cacheOnDb();
    const { token } = await createSession(testDb.db, clock, userId);
    expect(await validateSessionToken(testDb.db, clock, token, cache)).not.toBeNull();
    await deleteRowQuietly(token);
    // What announceSessionsEnded sends from another process, without this process's own forgetting.
    await testDb.db.execute(sql`select pg_notify(${SESSION_ENDED_CHANNEL}, ${idOf(token)})`);
    await expect.poll(() => cache.get(idOf(token)), { timeout: 5_000 }).toBeUndefined();
    expect(await validateSessionToken(testDb.db, clock, token, cache)).toBeNull();
  });
});
