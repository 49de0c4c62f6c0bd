import { IMPERSONATION_TTL_MS } from "@market/contracts";
import { adminAuditLog, and, eq, sessions } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createAdminUser, createBrand } from "../../testing";
import { sweepExpiredSessions } from "../maintenance/expired-sessions";
import { sweepExpiredImpersonations } from "./impersonation-expiry";
import { createSession, validateSessionToken } from "./sessions";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const MINUTE = 60_000;
const endsOf = (adminId: number) =>
  testDb.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.adminId, adminId), eq(adminAuditLog.action, "stop_impersonating")));

describe("sweepExpiredImpersonations", () => {
  it("ends every abandoned impersonation once, at its start plus the limit, even with two sweeps at once", async () => {
    const clock = fixedClock(new Date("2026-11-01T10:00:00Z"));
    const admin = await createAdminUser(testDb.db);
    const brand = await createBrand(testDb.db);
    const other = await createBrand(testDb.db);
    const abandoned = await createSession(testDb.db, clock, brand.id, admin.id);
    clock.advance(5 * MINUTE);
    const second = await createSession(testDb.db, clock, other.id, admin.id);
    const own = await createSession(testDb.db, clock, admin.id);
    clock.advance(20 * MINUTE);
    const recent = await createSession(testDb.db, clock, brand.id, admin.id);

    // 10:40: the first two are past their 30 minutes, the third (10:25) is not.
    clock.set(new Date("2026-11-01T10:40:00Z"));
    const counts = await Promise.all([
      sweepExpiredImpersonations(testDb.db, clock.now()),
      sweepExpiredImpersonations(testDb.db, clock.now()),
    ]);
    expect(counts[0] + counts[1]).toBe(2);
    const ends = await endsOf(admin.id);
    expect(ends.map((end) => ({ as: end.impersonatedUserId, at: end.createdAt, details: end.details }))).toEqual(
      expect.arrayContaining([
        { as: brand.id, at: new Date("2026-11-01T10:30:00Z"), details: { expired: true } },
        { as: other.id, at: new Date("2026-11-01T10:35:00Z"), details: { expired: true } },
      ]),
    );
    expect(ends).toHaveLength(2);

    // The acting part is over: the cookie no longer opens anything, and using it records no second end.
    expect(await validateSessionToken(testDb.db, clock, abandoned.token)).toBeNull();
    expect(await validateSessionToken(testDb.db, clock, second.token)).toBeNull();
    expect(await sweepExpiredImpersonations(testDb.db, clock.now())).toBe(0);
    expect(await endsOf(admin.id)).toHaveLength(2);
    // The admin's own session and the impersonation still within its time go on.
    expect(await validateSessionToken(testDb.db, clock, own.token)).toMatchObject({ userId: admin.id });
    expect(await validateSessionToken(testDb.db, clock, recent.token)).toMatchObject({ impersonatorId: admin.id });

    // Its own end comes on time too, at 10:55.
    clock.set(new Date(Date.parse("2026-11-01T10:25:00Z") + IMPERSONATION_TTL_MS));
    expect(await sweepExpiredImpersonations(testDb.db, clock.now())).toBe(1);
    expect((await endsOf(admin.id)).map((end) => end.createdAt)).toContainEqual(new Date("2026-11-01T10:55:00Z"));
  });

  it("is left the expired impersonations by the cleanup of expired sessions, which would delete them unrecorded", async () => {
    const clock = fixedClock(new Date("2026-11-02T10:00:00Z"));
    const admin = await createAdminUser(testDb.db);
    const brand = await createBrand(testDb.db);
    const { token } = await createSession(testDb.db, clock, brand.id, admin.id);
    clock.advance(31 * MINUTE);
    await sweepExpiredSessions(testDb.db, clock.now());
    expect(await testDb.db.select().from(sessions).where(eq(sessions.impersonatorId, admin.id))).toHaveLength(1);
    expect(await sweepExpiredImpersonations(testDb.db, clock.now())).toBe(1);
    expect(await endsOf(admin.id)).toMatchObject([{ impersonatedUserId: brand.id, details: { expired: true } }]);
    expect(await validateSessionToken(testDb.db, clock, token)).toBeNull();
    expect(await endsOf(admin.id)).toHaveLength(1);
  });
});
