import { DAY_MS, HOUR_MS, sandboxDeliverables } from "@market/contracts";
import { applications, type Db, eq, payouts, platformDailyFigures, rowsOf, sql } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { figuresFromLines } from "../../../testing/figures-from-lines";
import { paidApplication } from "../../../testing/paid-application";
import { sweepDueReleases } from "../../applications/lifecycle/release-sweep";
import { markPayoutFailed, markPayoutPaid } from "../../payouts/settle";
import { type Period, platformFigures } from "./figures";

let db: Db;
const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** Periods cut every way the summary splits them: whole days, noon to noon, within a day, across midnight. */
function periodsAround(now: Date): Period[] {
  const midnight = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const at = (ms: number) => new Date(ms);
  return [
    { from: at(now.getTime() - 30 * DAY_MS), to: at(now.getTime() + 20 * DAY_MS) },
    { from: at(midnight - 2 * DAY_MS), to: at(midnight + 2 * DAY_MS) },
    { from: at(midnight - DAY_MS / 2), to: at(midnight + DAY_MS / 2) },
    { from: at(midnight - DAY_MS / 2), to: at(midnight + 3 * DAY_MS + HOUR_MS) },
    { from: at(midnight - 2 * HOUR_MS), to: at(midnight + 2 * HOUR_MS) },
    { from: at(midnight), to: at(midnight + DAY_MS) },
    { from: at(midnight - DAY_MS), to: at(midnight) },
    { from: at(midnight - 400 * DAY_MS), to: at(midnight - 399 * DAY_MS) },
  ];
}

async function expectSummaryTrue(now: Date) {
  for (const period of periodsAround(now)) {
    expect({ period, figures: await platformFigures({ db }, period) }).toEqual({
      period,
      figures: await figuresFromLines({ db }, period),
    });
  }
}

async function payout(userId: number, amountCents: number) {
  const [row] = await db
    .insert(payouts)
    .values({ userId, method: "paypal", email: "payee@test.example", amountCents })
    .returning({ id: payouts.id });
  return row?.id ?? 0;
}

/** paidApplication hires its instagram line: the sandbox's post of the linked account delivers it. */
const DELIVERED = sandboxDeliverables(["instagram"]);

describe("the dashboard's summary of the figures", () => {
  it("agrees with the lines through contests, releases by the brand and by the countdown, refunds and payouts", async () => {
    // The ledger is posted at the database's time, the lifecycle's dates at the clock's: start the clock an hour
    // before the database's midnight so that the hires cross a day boundary.
    const [{ now: dbNow } = { now: new Date() }] = rowsOf<{ now: string | Date }>(
      await db.execute(sql`select now() as now`),
    ).map((row) => ({ now: new Date(row.now) }));
    const midnight = Math.ceil(dbNow.getTime() / DAY_MS) * DAY_MS;
    const clock = fixedClock(new Date(midnight - HOUR_MS));

    // A hire paid before midnight, contested after it (on its paid day's count), done again and released by the brand.
    const contested = await paidApplication(db, clock);
    await contested.callers.influencer.applications.workDone({ id: contested.id, deliverables: DELIVERED });
    clock.advance(2 * HOUR_MS);
    await contested.callers.brand.applications.workNotDone({ id: contested.id, text: "Not posted" });
    await expectSummaryTrue(clock.now());
    clock.advance(HOUR_MS);
    await contested.callers.influencer.applications.workDone({ id: contested.id, deliverables: DELIVERED });
    clock.advance(5 * HOUR_MS);
    await contested.callers.brand.applications.release({ id: contested.id });

    // A hire released by the countdown.
    const automatic = await paidApplication(db, clock);
    await automatic.callers.influencer.applications.workDone({ id: automatic.id, deliverables: DELIVERED });
    clock.advance(DAY_MS);
    await db
      .update(applications)
      .set({ moneyReleaseDate: new Date(clock.now().getTime() - 1000) })
      .where(eq(applications.id, automatic.id));
    expect(await sweepDueReleases(db, clock.now())).toBe(1);

    // A hire refunded by an admin: its escrow leaves, its GMV stays.
    const refunded = await paidApplication(db, clock);
    await expectSummaryTrue(clock.now());
    await refunded.callers.adminAsBrand.admin.refund({ id: refunded.id });

    // Payouts: one failed, one paid then returned (failed), one paid, one still processing.
    const payee = automatic.influencer.id;
    const [failed, returned, paid] = [
      await payout(payee, 1_000),
      await payout(payee, 2_000),
      await payout(payee, 3_000),
    ];
    await payout(payee, 4_000);
    const failure = { reason: "rejected" as const, message: null };
    await db.transaction((tx) => markPayoutFailed(tx, failed, failure, clock.now()));
    await db.transaction((tx) => markPayoutPaid(tx, returned, clock.now(), new Date(clock.now().getTime() + DAY_MS)));
    await db.transaction((tx) => markPayoutPaid(tx, paid, clock.now()));
    await expectSummaryTrue(clock.now());
    clock.advance(DAY_MS);
    await db.transaction((tx) => markPayoutFailed(tx, returned, { ...failure, reason: "returned" }, clock.now()));
    // A correction moving a failure's date to the day before moves its count with it.
    await db
      .update(payouts)
      .set({ failedAt: new Date(midnight - 3 * HOUR_MS) })
      .where(eq(payouts.id, failed));

    await expectSummaryTrue(clock.now());
    const all = await platformFigures({ db }, periodsAround(clock.now())[0] as Period);
    expect(all).toMatchObject({
      gmvPaidInCents: 3 * contested.brandCents,
      escrowHeldCents: 0,
      payoutsInFlight: { count: 1, amountCents: 4_000 },
      autoReleaseShare: 0.5,
      contestedShare: 1 / 3,
      payoutFailureRate: 2 / 3,
    });
    // The whole days were read from the summary: its rows exist, one day's at least per event day.
    const days = rowsOf<{ days: number }>(
      await db.execute(
        sql`select count(distinct ${platformDailyFigures.day})::int as days from ${platformDailyFigures}`,
      ),
    );
    expect(days[0]?.days).toBeGreaterThanOrEqual(2);
  });
});
