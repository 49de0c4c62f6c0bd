import { DAY_MS, HOUR_MS, RELEASE_WINDOW_MS, sandboxDeliverables } from "@market/contracts";
import {
  and,
  applications,
  chatMessages,
  type Db,
  eq,
  inArray,
  ledgerTransactions,
  notifications,
  outgoingMail,
} from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { paidApplication } from "../../../testing";
import { ledgerAccount } from "../../ledger/accounts";
import { accountBalance } from "../../ledger/balance";
import { mailQueue } from "../../mail/mailer";
import { sweepReleaseReminders } from "./release-reminders";
import { sweepDueReleases } from "./release-sweep";

const onPostgres = Boolean(testDatabaseUrl);
let db: Db;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/**
 * Each test works on its own time, far from the others', so that the sweeps (which see every row of the database)
 * find only its rows due.
 */
let epoch = new Date("2026-01-01T00:00:00Z").getTime();
function ownClock() {
  epoch += 100 * DAY_MS;
  return fixedClock(new Date(epoch));
}

/** `count` applications whose work is done at the clock's now. */
async function deliveredAt(clock: ReturnType<typeof fixedClock>, count = 1) {
  const made = [];
  for (let index = 0; index < count; index += 1) {
    const app = await paidApplication(db, clock);
    await app.callers.influencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    made.push(app);
  }
  return made;
}
const statusesOf = async (ids: number[]) =>
  (
    await db
      .select({ status: applications.status })
      .from(applications)
      .where(inArray(applications.id, ids))
      .orderBy(applications.id)
  ).map((row) => row.status);
const releasesOf = (ids: number[]) =>
  db
    .select()
    .from(ledgerTransactions)
    .where(and(inArray(ledgerTransactions.applicationId, ids), eq(ledgerTransactions.kind, "release")));
const notesOf = (ids: number[], type: "money_released" | "release_reminder") =>
  db
    .select({
      userId: notifications.userId,
      applicationId: notifications.applicationId,
      senderId: notifications.senderId,
    })
    .from(notifications)
    .where(and(inArray(notifications.applicationId, ids), eq(notifications.type, type)));

describe("the automatic release", () => {
  it("releases nothing before the end of the window and everything due after it, once", async () => {
    const clock = ownClock();
    const [app] = await deliveredAt(clock);
    if (!app) throw new Error("no application");
    const start = clock.now().getTime();

    expect(await sweepDueReleases(db, new Date(start + RELEASE_WINDOW_MS - 1))).toBe(0);
    expect(await statusesOf([app.id])).toEqual(["PROGRESS"]);

    const end = new Date(start + RELEASE_WINDOW_MS);
    expect(await sweepDueReleases(db, end)).toBe(1);
    expect(await statusesOf([app.id])).toEqual(["COMPLETE"]);
    const [row] = await db.select().from(applications).where(eq(applications.id, app.id));
    expect(row).toMatchObject({ releasedAt: end, moneyReleaseDate: end });
    // The ledger moves as for the brand's release: escrow to 0, I to the influencer.
    expect(await accountBalance(db, app.escrow)).toBe(0);
    expect(await accountBalance(db, ledgerAccount.influencer(app.influencer.id))).toBe(112_500);
    const [line] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.applicationId, app.id), eq(chatMessages.type, "money_released")));
    expect(line).toMatchObject({
      senderId: null,
      impersonatorId: null,
      payload: { type: "money_released", automatic: true },
    });
    expect((await notesOf([app.id], "money_released")).map((note) => [note.userId, note.senderId]).sort()).toEqual(
      [
        [app.brand.id, null],
        [app.influencer.id, null],
      ].sort(),
    );
    const chat = await app.callers.brand.chat.page({ id: app.id });
    expect(chat.messages[0]).toMatchObject({ type: "money_released", automatic: true, sender: null, isMe: false });

    // A clock far later, and another sweep: nothing more.
    expect(await sweepDueReleases(db, new Date(start + 3 * RELEASE_WINDOW_MS))).toBe(0);
    expect(await releasesOf([app.id])).toHaveLength(1);
  });

  it("leaves a paused countdown alone, and releases it once resumed and over", async () => {
    const clock = ownClock();
    const [contested, asked] = await deliveredAt(clock, 2);
    if (!contested || !asked) throw new Error("no application");
    clock.advance(DAY_MS);
    await contested.callers.brand.applications.workNotDone({ id: contested.id });
    await asked.callers.brand.chat.requestArbitration({ id: asked.id, text: "Please look" });
    const later = clock.now().getTime() + 5 * RELEASE_WINDOW_MS;
    expect(await sweepDueReleases(db, new Date(later))).toBe(0);
    expect(await statusesOf([contested.id, asked.id])).toEqual(["PROGRESS", "PROGRESS"]);

    // Closed a month later: 9 days were left.
    clock.set(new Date(clock.now().getTime() + 30 * DAY_MS));
    await asked.callers.adminAsBrand.admin.closeCase({ id: asked.id });
    expect(await sweepDueReleases(db, new Date(clock.now().getTime() + 9 * DAY_MS - 1))).toBe(0);
    expect(await sweepDueReleases(db, new Date(clock.now().getTime() + 9 * DAY_MS))).toBe(1);
    expect(await statusesOf([contested.id, asked.id])).toEqual(["PROGRESS", "COMPLETE"]);
  });

  it("works through more rows than a batch", async () => {
    const clock = ownClock();
    const made = await deliveredAt(clock, 5);
    const ids = made.map((app) => app.id);
    expect(await sweepDueReleases(db, new Date(clock.now().getTime() + RELEASE_WINDOW_MS), { batchSize: 2 })).toBe(5);
    expect(await statusesOf(ids)).toEqual(Array(5).fill("COMPLETE"));
    expect(await releasesOf(ids)).toHaveLength(5);
  });

  it("reports a hire it cannot release and releases the others", async () => {
    const clock = ownClock();
    const [broken, fine] = await deliveredAt(clock, 2);
    if (!broken || !fine) throw new Error("no application");
    // The escrow no longer holds what the brand paid: a bug elsewhere; the sweep must not move money.
    await db.update(applications).set({ paidAmountCents: 1 }).where(eq(applications.id, broken.id));
    const failures: number[] = [];
    const released = await sweepDueReleases(db, new Date(clock.now().getTime() + RELEASE_WINDOW_MS), {
      batchSize: 1,
      onFailure: ({ applicationId }) => failures.push(applicationId),
    });
    expect(released).toBe(1);
    expect(failures).toEqual([broken.id]);
    expect(await statusesOf([broken.id, fine.id])).toEqual(["PROGRESS", "COMPLETE"]);
    expect(await accountBalance(db, broken.escrow)).toBe(broken.brandCents);
    // Mended, it goes with the next sweep (and is not left due for the other tests).
    await db.update(applications).set({ paidAmountCents: broken.brandCents }).where(eq(applications.id, broken.id));
    expect(await sweepDueReleases(db, new Date(clock.now().getTime() + RELEASE_WINDOW_MS))).toBe(1);
  });

  it("releases each hire once when two sweeps run at the same moment", async () => {
    const clock = ownClock();
    const made = await deliveredAt(clock, 4);
    const ids = made.map((app) => app.id);
    const now = new Date(clock.now().getTime() + RELEASE_WINDOW_MS);
    const counts = await Promise.all([
      sweepDueReleases(db, now, { batchSize: 1 }),
      sweepDueReleases(db, now, { batchSize: 1 }),
    ]);
    expect(counts[0] + counts[1]).toBe(4);
    expect(await releasesOf(ids)).toHaveLength(4);
    expect(await notesOf(ids, "money_released")).toHaveLength(8);
    for (const app of made) expect(await accountBalance(db, app.escrow)).toBe(0);
  });

  it.runIf(onPostgres)("releases once against the brand's release at the same moment", async () => {
    const clock = ownClock();
    const made = await deliveredAt(clock, 3);
    const due = new Date(clock.now().getTime() + RELEASE_WINDOW_MS);
    clock.set(due);
    const outcomes = await Promise.allSettled([
      sweepDueReleases(db, due),
      ...made.map((app) => app.callers.brand.applications.release({ id: app.id })),
    ]);
    const ids = made.map((app) => app.id);
    expect(await releasesOf(ids)).toHaveLength(3);
    expect(await statusesOf(ids)).toEqual(["COMPLETE", "COMPLETE", "COMPLETE"]);
    const brandReleases = outcomes.slice(1).filter((outcome) => outcome.status === "fulfilled").length;
    const swept = outcomes[0]?.status === "fulfilled" ? outcomes[0].value : -1;
    expect(brandReleases + swept).toBe(3);
  });
});

describe("the brand's reminders before the automatic release", () => {
  const remindersOf = async (app: { id: number; brand: { email: string } }) =>
    (await db.select().from(outgoingMail).where(eq(outgoingMail.to, app.brand.email))).filter((mail) =>
      mail.subject.includes("before the money"),
    );

  it("reminds at 72 h and at 24 h before, each once, by mail and notification", async () => {
    const clock = ownClock();
    const [app] = await deliveredAt(clock);
    if (!app) throw new Error("no application");
    const deps = { db, mailer: mailQueue(clock), publicUrl: "https://market.example" };
    const end = clock.now().getTime() + RELEASE_WINDOW_MS;
    const sweepAt = (ms: number) => sweepReleaseReminders(deps, new Date(end - ms));

    expect(await sweepAt(72 * HOUR_MS + 1)).toBe(0);
    expect(await sweepAt(72 * HOUR_MS)).toBe(1);
    expect(await sweepAt(71 * HOUR_MS)).toBe(0);
    expect(await sweepAt(25 * HOUR_MS)).toBe(0);
    expect(await sweepAt(24 * HOUR_MS)).toBe(1);
    expect(await sweepAt(HOUR_MS)).toBe(0);
    expect(await sweepAt(0)).toBe(0);

    expect(await notesOf([app.id], "release_reminder")).toEqual([
      { userId: app.brand.id, applicationId: app.id, senderId: null },
      { userId: app.brand.id, applicationId: app.id, senderId: null },
    ]);
    const mails = await remindersOf(app);
    expect(mails.map((mail) => mail.subject)).toEqual([
      '72 hours left before the money for "Summer launch" is released',
      '24 hours left before the money for "Summer launch" is released',
    ]);
    expect(mails[0]?.text).toContain(`https://market.example/applications/${app.id}`);
  });

  it("sends only the 24 h one when the countdown is already that close, and none while paused", async () => {
    const clock = ownClock();
    const [late, paused] = await deliveredAt(clock, 2);
    if (!late || !paused) throw new Error("no application");
    const deps = { db, mailer: mailQueue(clock), publicUrl: "https://market.example" };
    clock.advance(RELEASE_WINDOW_MS - 20 * HOUR_MS);
    await paused.callers.brand.applications.workNotDone({ id: paused.id });
    expect(await sweepReleaseReminders(deps, clock.now())).toBe(1);
    expect(await sweepReleaseReminders(deps, clock.now())).toBe(0);
    expect(await notesOf([late.id], "release_reminder")).toHaveLength(1);
    expect(await notesOf([paused.id], "release_reminder")).toHaveLength(0);
    expect((await remindersOf(late))[0]?.subject).toBe(
      '20 hours left before the money for "Summer launch" is released',
    );
  });

  it("starts over when the influencer delivers again, and keeps count over a pause", async () => {
    const clock = ownClock();
    const [app] = await deliveredAt(clock);
    if (!app) throw new Error("no application");
    const deps = { db, mailer: mailQueue(clock), publicUrl: "https://market.example" };
    clock.advance(RELEASE_WINDOW_MS - 48 * HOUR_MS);
    expect(await sweepReleaseReminders(deps, clock.now())).toBe(1);
    // A request for arbitration pauses with 48 h left; the close resumes them: the 72 h one is not sent again.
    await app.callers.influencer.chat.requestArbitration({ id: app.id, text: "Please check" });
    clock.advance(DAY_MS);
    await app.callers.adminAsInfluencer.admin.closeCase({ id: app.id });
    expect(await sweepReleaseReminders(deps, clock.now())).toBe(0);
    clock.advance(24 * HOUR_MS);
    expect(await sweepReleaseReminders(deps, clock.now())).toBe(1);
    // Contest and deliver again: a new window, new reminders.
    await app.callers.brand.applications.workNotDone({ id: app.id });
    await app.callers.influencer.applications.workDone({
      id: app.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    clock.advance(RELEASE_WINDOW_MS - 24 * HOUR_MS);
    expect(await sweepReleaseReminders(deps, clock.now())).toBe(1);
    expect(await notesOf([app.id], "release_reminder")).toHaveLength(3);
  });

  it("reminds each once when two sweeps run at the same moment", async () => {
    const clock = ownClock();
    const made = await deliveredAt(clock, 4);
    const deps = { db, mailer: mailQueue(clock), publicUrl: "https://market.example" };
    const now = new Date(clock.now().getTime() + RELEASE_WINDOW_MS - 60 * HOUR_MS);
    const counts = await Promise.all([sweepReleaseReminders(deps, now, 1), sweepReleaseReminders(deps, now, 1)]);
    expect(counts[0] + counts[1]).toBe(4);
    expect(
      await notesOf(
        made.map((app) => app.id),
        "release_reminder",
      ),
    ).toHaveLength(4);
  });
});
