import { DAY_MS } from "@market/contracts";
import { sessions } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createBrand } from "../../testing";
import { createSession, SESSION_INACTIVITY_MS, validateSessionToken } from "../auth/sessions";
import { sweepExpiredSessions } from "./expired-sessions";

const testDb = useTestDb();

const sessionCount = async () => (await testDb.db.select().from(sessions)).length;

describe("sweepExpiredSessions", () => {
  it("deletes exactly the sessions validateSessionToken refuses as expired", async () => {
    const db = testDb.db;
    const t0 = new Date("2026-05-01T08:00:00Z");
    const clock = fixedClock(t0);
    const user = await createBrand(db);
    const stale = await createSession(db, clock, user.id);
    const twin = await createSession(db, clock, user.id); // same age as stale: validated below instead of swept
    const used = await createSession(db, clock, user.id);
    clock.set(new Date(t0.getTime() + 20 * DAY_MS));
    expect(await validateSessionToken(db, clock, used.token)).not.toBeNull(); // refreshes: expires 20 days later
    const fresh = await createSession(db, clock, user.id);

    // One millisecond before the inactivity timeout, nothing is expired.
    const expiry = new Date(t0.getTime() + SESSION_INACTIVITY_MS);
    expect(await sweepExpiredSessions(db, new Date(expiry.getTime() - 1))).toBe(0);
    expect(await sessionCount()).toBe(4);

    // At the timeout, validation refuses a session of that age (deleting it itself)...
    clock.set(expiry);
    expect(await validateSessionToken(db, clock, twin.token)).toBeNull();
    // ...and the sweep deletes the other one nobody presented again; the used and the fresh ones stay valid.
    expect(await sweepExpiredSessions(db, expiry)).toBe(1);
    expect(await validateSessionToken(db, clock, stale.token)).toBeNull();
    expect(await validateSessionToken(db, clock, used.token)).toMatchObject({ userId: user.id });
    expect(await validateSessionToken(db, clock, fresh.token)).toMatchObject({ userId: user.id });
    expect(await sessionCount()).toBe(2);
  });
});
