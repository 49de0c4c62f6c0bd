import { adminAuditLog, and, eq, users } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createAdminUser, createBrand } from "../../testing";
import {
  createSession,
  endUserSessions,
  IMPERSONATION_TTL_MS,
  invalidateSession,
  SESSION_INACTIVITY_MS,
  SESSION_REFRESH_MS,
  validateSessionToken,
} from "./sessions";

let testDb: TestDb;
let userId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  userId = (await createBrand(testDb.db, { username: "sessionbrand" })).id;
});
afterAll(() => testDb.close());

describe("sessions", () => {
  it("resolves a fresh token to its user", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { token } = await createSession(testDb.db, clock, userId);
    const viewer = await validateSessionToken(testDb.db, clock, token);
    expect(viewer).toMatchObject({ userId, kind: "brand", username: "sessionbrand", impersonatorId: null });
  });

  it("rejects a forged secret, a malformed token and an unknown id", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { token } = await createSession(testDb.db, clock, userId);
    const [id] = token.split(".");
    expect(await validateSessionToken(testDb.db, clock, `${id}.${"a".repeat(52)}`)).toBeNull();
    expect(await validateSessionToken(testDb.db, clock, "no-dot")).toBeNull();
    expect(await validateSessionToken(testDb.db, clock, `${token}.extra`)).toBeNull();
    expect(await validateSessionToken(testDb.db, clock, `unknown.${token.split(".")[1]}`)).toBeNull();
  });

  it("expires after the inactivity timeout, and use within it keeps the session alive", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { token } = await createSession(testDb.db, clock, userId);
    clock.advance(SESSION_INACTIVITY_MS - SESSION_REFRESH_MS);
    expect(await validateSessionToken(testDb.db, clock, token)).not.toBeNull();
    // The use above refreshed last_verified_at, so another almost-full window passes.
    clock.advance(SESSION_INACTIVITY_MS - 1);
    expect(await validateSessionToken(testDb.db, clock, token)).not.toBeNull();
    clock.advance(SESSION_INACTIVITY_MS);
    expect(await validateSessionToken(testDb.db, clock, token)).toBeNull();
  });

  it("records the impersonating admin, as long as they are an admin", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const admin = await createAdminUser(testDb.db);
    const { token } = await createSession(testDb.db, clock, userId, admin.id);
    expect(await validateSessionToken(testDb.db, clock, token)).toMatchObject({ userId, impersonatorId: admin.id });
    await testDb.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect(await validateSessionToken(testDb.db, clock, token)).toBeNull();
    // Gone for good: giving the flag back does not revive the session.
    await testDb.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    expect(await validateSessionToken(testDb.db, clock, token)).toBeNull();
  });

  it("ends an impersonation 30 minutes after it began, however busy, never slides its end, and records the end once", async () => {
    expect(IMPERSONATION_TTL_MS).toBe(30 * 60 * 1000);
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const admin = await createAdminUser(testDb.db);
    const { token, expiresAt } = await createSession(testDb.db, clock, userId, admin.id);
    // The cookie ends with it.
    expect(expiresAt).toEqual(new Date("2026-11-01T10:30:00Z"));
    for (let minute = 0; minute < 30; minute += 10) {
      expect(await validateSessionToken(testDb.db, clock, token)).toMatchObject({ impersonatorId: admin.id });
      clock.advance(10 * 60 * 1000 - (minute === 20 ? 1 : 0));
    }
    expect(await validateSessionToken(testDb.db, clock, token)).not.toBeNull();
    clock.advance(1);
    // Two requests past the limit at once: both refused, the end recorded once.
    expect(
      await Promise.all([validateSessionToken(testDb.db, clock, token), validateSessionToken(testDb.db, clock, token)]),
    ).toEqual([null, null]);
    const ends = await testDb.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, admin.id), eq(adminAuditLog.action, "stop_impersonating")));
    // Recorded at the time it ended (its start plus the limit), as the sweep records an abandoned one.
    expect(ends).toMatchObject([
      { impersonatedUserId: userId, details: { expired: true }, createdAt: new Date("2026-11-01T10:30:00Z") },
    ]);
    // Deleted, not just refused: the clock going back does not revive it.
    clock.set(new Date("2026-11-01T10:15:00Z"));
    expect(await validateSessionToken(testDb.db, clock, token)).toBeNull();
  });

  it("refuses an impersonation session whose impersonator is not an admin", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const brand = await createBrand(testDb.db);
    const { token } = await createSession(testDb.db, clock, userId, brand.id);
    expect(await validateSessionToken(testDb.db, clock, token)).toBeNull();
  });

  it("ends on invalidation", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const { token } = await createSession(testDb.db, clock, userId);
    const viewer = await validateSessionToken(testDb.db, clock, token);
    await invalidateSession(testDb.db, viewer?.sessionId ?? "");
    expect(await validateSessionToken(testDb.db, clock, token)).toBeNull();
  });

  it("ends all sessions of a user, the ones acting as them and the ones they opened as an admin, except one", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const user = await createBrand(testDb.db, { username: "endsessions" });
    const other = await createBrand(testDb.db, { username: "endsessionsother" });
    const kept = await createSession(testDb.db, clock, user.id);
    const own = await createSession(testDb.db, clock, user.id);
    const actedOn = await createSession(testDb.db, clock, user.id, other.id);
    const actingAs = await createSession(testDb.db, clock, other.id, user.id);
    const bystander = await createSession(testDb.db, clock, other.id);
    const keptId = (await validateSessionToken(testDb.db, clock, kept.token))?.sessionId;

    await endUserSessions(testDb.db, user.id, keptId);
    const alive = async (token: string) => (await validateSessionToken(testDb.db, clock, token)) !== null;
    expect(await alive(kept.token)).toBe(true);
    expect(await alive(own.token)).toBe(false);
    expect(await alive(actedOn.token)).toBe(false);
    expect(await alive(actingAs.token)).toBe(false);
    expect(await alive(bystander.token)).toBe(true);

    await endUserSessions(testDb.db, user.id);
    expect(await alive(kept.token)).toBe(false);
  });
});
