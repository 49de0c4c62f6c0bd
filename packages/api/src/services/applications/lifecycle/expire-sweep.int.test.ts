import { DAY_MS } from "@market/contracts";
import { and, applications, type Db, eq, inArray, notifications, sql } from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { TEST_ORIGIN, waitingApplication } from "../../../testing";
import { memoryFileStore } from "../../files/memory-file-store";
import { mailQueue } from "../../mail/mailer";
import { LIFECYCLE_SWEEPS, runSweeps, type SweepLog } from "../../maintenance/sweeps";
import { sweepExpiredProposals } from "./expire-sweep";

let db: Db;
const t0 = new Date("2026-06-01T12:00:00Z");
const onPostgres = Boolean(testDatabaseUrl);

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** Applications expiring 1 day after t0 (each test sweeps at its own later time, past the earlier tests'). */
async function lapsing(count: number) {
  const clock = fixedClock(t0);
  const made = [];
  for (let index = 0; index < count; index += 1) made.push(await waitingApplication(db, clock, { expiresInDays: 1 }));
  return made;
}
const rowsOf = (ids: number[]) =>
  db
    .select({ id: applications.id, status: applications.status, deniedReason: applications.deniedReason })
    .from(applications)
    .where(inArray(applications.id, ids))
    .orderBy(applications.id);
const expiryNotes = (ids: number[]) =>
  db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.applicationId, ids), eq(notifications.type, "declined")));

describe("sweepExpiredProposals", () => {
  it("denies every WAITING application past its expiration with reason EXPIRED and notifies its influencer once", async () => {
    const [due, alsoDue] = await lapsing(2);
    const clock = fixedClock(t0);
    const ahead = await waitingApplication(db, clock, { expiresInDays: 30 });
    const hired = await waitingApplication(db, clock, { expiresInDays: 1 });
    await db.update(applications).set({ status: "PROGRESS" }).where(eq(applications.id, hired.id));
    const declined = await waitingApplication(db, clock, { expiresInDays: 1 });
    await declined.callers.brand.applications.decline({ id: declined.id, reason: "FAKE" });
    if (!due || !alsoDue) throw new Error("fixtures");
    const now = new Date(t0.getTime() + DAY_MS);

    expect(await sweepExpiredProposals(db, now)).toBe(2);
    expect(await rowsOf([due.id, alsoDue.id, ahead.id, hired.id, declined.id])).toEqual([
      { id: due.id, status: "DENIED", deniedReason: "EXPIRED" },
      { id: alsoDue.id, status: "DENIED", deniedReason: "EXPIRED" },
      { id: ahead.id, status: "WAITING", deniedReason: null },
      { id: hired.id, status: "PROGRESS", deniedReason: null },
      { id: declined.id, status: "DENIED", deniedReason: "FAKE" },
    ]);
    const notes = await expiryNotes([due.id, alsoDue.id]);
    expect(notes.map((note) => [note.applicationId, note.userId, note.senderId, note.dealId]).sort()).toEqual(
      [
        [due.id, due.influencer.id, null, due.dealId],
        [alsoDue.id, alsoDue.influencer.id, null, alsoDue.dealId],
      ].sort(),
    );
    const [dueRow] = await db.select().from(applications).where(eq(applications.id, due.id));
    expect(dueRow?.updatedAt).toEqual(now);
  });

  it("is idempotent: a second run changes and notifies nothing", async () => {
    const made = await lapsing(2);
    const ids = made.map((app) => app.id);
    const now = new Date(t0.getTime() + 2 * DAY_MS);
    await sweepExpiredProposals(db, now);
    expect(await sweepExpiredProposals(db, now)).toBe(0);
    expect(await expiryNotes(ids)).toHaveLength(2);
  });

  it("works through more rows than one batch", async () => {
    const made = await lapsing(5);
    const ids = made.map((app) => app.id);
    expect(await sweepExpiredProposals(db, new Date(t0.getTime() + 3 * DAY_MS), 2)).toBe(5);
    expect((await rowsOf(ids)).every((row) => row.status === "DENIED")).toBe(true);
    expect(await expiryNotes(ids)).toHaveLength(5);
  });

  it("runs every minute among the lifecycle sweeps, logging only when it expired something", async () => {
    await lapsing(1);
    const lines: string[] = [];
    const log: SweepLog = {
      info: (_details, message) => lines.push(message),
      warn: (_d, message) => lines.push(message),
    };
    const clock = fixedClock(new Date(t0.getTime() + 4 * DAY_MS));
    const deps = { db, clock, files: memoryFileStore(), mailer: mailQueue(clock), publicUrl: TEST_ORIGIN, log };
    const options = { label: "lifecycle", logWhenIdle: false };
    const idle = { dueReleases: { ok: true, count: 0 }, releaseReminders: { ok: true, count: 0 } };
    expect(await runSweeps(deps, LIFECYCLE_SWEEPS, options)).toEqual({
      // The file's earlier admins acting as users, days ago: their impersonations end.
      expiredImpersonations: { ok: true, count: expect.any(Number) },
      expiredProposals: { ok: true, count: 1 },
      ...idle,
      // The file's earlier proposals, unseen for days, are mailed once.
      notificationMail: { ok: true, count: expect.any(Number) },
    });
    expect(await runSweeps(deps, LIFECYCLE_SWEEPS, options)).toEqual({
      expiredImpersonations: { ok: true, count: 0 },
      expiredProposals: { ok: true, count: 0 },
      ...idle,
      notificationMail: { ok: true, count: 0 },
    });
    expect(lines).toEqual(["lifecycle sweeps done"]);
  });

  // Several connections at once: PGlite has one, so these run on PostgreSQL (CI).
  it.runIf(onPostgres)("expires each row once when several instances sweep at the same moment", async () => {
    const made = await lapsing(6);
    const ids = made.map((app) => app.id);
    const now = new Date(t0.getTime() + 5 * DAY_MS);
    const counts = await Promise.all([1, 2, 3].map(() => sweepExpiredProposals(db, now, 2)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(6);
    expect((await rowsOf(ids)).every((row) => row.deniedReason === "EXPIRED")).toBe(true);
    expect(await expiryNotes(ids)).toHaveLength(6);
  });

  it.runIf(onPostgres)("skips a row a party's action holds, and takes it on the next run", async () => {
    const [held, free] = await lapsing(2);
    if (!held || !free) throw new Error("fixtures");
    const now = new Date(t0.getTime() + 6 * DAY_MS);
    const swept = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${applications} where ${applications.id} = ${held.id} for update`);
      return sweepExpiredProposals(db, now);
    });
    expect(swept).toBe(1);
    expect((await rowsOf([held.id, free.id])).map((row) => row.status)).toEqual(["WAITING", "DENIED"]);
    expect(await sweepExpiredProposals(db, now)).toBe(1);
    expect(await expiryNotes([held.id, free.id])).toHaveLength(2);
  });
});
