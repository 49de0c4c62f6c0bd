import { channelListenerOf } from "@market/db";
import { createTestDb, statementCounter, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { notifyBarrier, paidApplication } from "../../testing";
import type { Viewer } from "../../viewer";
import { listPayouts } from "../payouts/list-payouts";
import { influencerWith, paypalPayout } from "../payouts/testing/payout-fixtures";
import { createUserReadsCache, type UserReadsCache } from "../user-reads-cache";
import { type ReadsChanges, watchReadsChanges } from "../user-reads-changes";
import { listEarnings } from "./list-earnings";
import { listHires } from "./list-hires";

// The money lists (the influencer's earnings and payouts, the brand's hires) through the user reads cache: read
// again without a statement, and true again once the release or the payout that changed them has committed.

let testDb: TestDb;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
let cache: UserReadsCache;
let changes: ReadsChanges;
let barrier: () => Promise<void>;
let stopBarrier: () => Promise<void>;
let counting: ReturnType<typeof statementCounter>;
let hire: Awaited<ReturnType<typeof paidApplication>>;

const viewer = (userId: number, kind: Viewer["kind"]): Viewer => ({
  sessionId: "s",
  userId,
  kind,
  username: "u",
  impersonatorId: null,
});
const deps = () => ({ db: counting.db, clock, userReads: cache });

async function statementsOf(read: () => Promise<unknown>): Promise<number> {
  counting.reset();
  await read();
  return counting.statements();
}

beforeAll(async () => {
  testDb = await createTestDb();
  counting = statementCounter(testDb.handle);
  cache = createUserReadsCache({ clock });
  const listener = channelListenerOf(testDb.db);
  changes = watchReadsChanges({ listener, cache });
  await changes.ready();
  ({ barrier, stop: stopBarrier } = await notifyBarrier(testDb.db, listener, "money_lists_cached_test_barrier"));
  hire = await paidApplication(testDb.db, clock);
  await barrier();
});
afterAll(async () => {
  await stopBarrier();
  await changes.close();
  await testDb.close();
});

describe("the money lists through the user reads cache", () => {
  it("keep the earnings and the hires until the release, then show it on both sides", async () => {
    const influencer = viewer(hire.influencer.id, "influencer");
    const brand = viewer(hire.brand.id, "brand");
    expect((await listEarnings(deps(), influencer, {})).items[0]?.status).toBe("pending");
    expect((await listHires(deps(), brand, {})).items[0]?.status).toBe("pending");
    expect(await statementsOf(() => listEarnings(deps(), influencer, {}))).toBe(0);
    expect(await statementsOf(() => listHires(deps(), brand, {}))).toBe(0);

    await hire.callers.influencer.applications.workDone({ id: hire.id });
    await hire.callers.brand.applications.release({ id: hire.id });
    await barrier();
    expect((await listEarnings(deps(), influencer, {})).items[0]).toMatchObject({ status: "released", released: true });
    expect((await listHires(deps(), brand, {})).items[0]?.status).toBe("released");
    expect((await listHires(deps(), brand, {})).totals.releasedCents).toBe(hire.brandCents);
  });

  it("keep the payouts and the earnings until the influencer asks for a payout", async () => {
    const { user, caller } = await influencerWith(testDb.db, clock, 5_000);
    const influencer = viewer(user.id, "influencer");
    expect((await listPayouts(deps(), influencer, {})).items).toEqual([]);
    const before = (await listEarnings(deps(), influencer, {})).items.length;
    expect(await statementsOf(() => listPayouts(deps(), influencer, {}))).toBe(0);
    expect(await statementsOf(() => listEarnings(deps(), influencer, {}))).toBe(0);

    await caller.earnings.requestPayout(paypalPayout(2_000));
    await barrier();
    expect((await listPayouts(deps(), influencer, {})).items).toMatchObject([{ amountCents: 2_000 }]);
    expect((await listEarnings(deps(), influencer, {})).items).toHaveLength(before + 1);
  });
});
