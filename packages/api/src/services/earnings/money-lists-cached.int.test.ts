import { sandboxDeliverables } from "@market/contracts";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { paidApplication, userReadsBench, viewerOf } from "../../testing";
import { listPayouts } from "../payouts/list-payouts";
import { influencerWith, paypalPayout } from "../payouts/testing/payout-fixtures";
import { listEarnings } from "./list-earnings";
import { listHires } from "./list-hires";

// The money lists (the influencer's earnings and payouts, the brand's hires) through the user reads cache: read
// again without a statement, and true again once the release or the payout that changed them has committed.

let testDb: TestDb;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
let bench: Awaited<ReturnType<typeof userReadsBench>>;
let hire: Awaited<ReturnType<typeof paidApplication>>;

const deps = () => bench.deps();
const statementsOf = async (read: () => Promise<unknown>) => (await bench.counted(read)).statements;

beforeAll(async () => {
  testDb = await createTestDb();
  bench = await userReadsBench(testDb, clock, "money_lists_cached_test_barrier");
  hire = await paidApplication(testDb.db, clock);
  await bench.barrier();
});
afterAll(async () => {
  await bench.close();
  await testDb.close();
});

describe("the money lists through the user reads cache", () => {
  it("keep the earnings and the hires until the release, then show it on both sides", async () => {
    const influencer = viewerOf(hire.influencer.id, "influencer");
    const brand = viewerOf(hire.brand.id, "brand");
    expect((await listEarnings(deps(), influencer, {})).items[0]?.status).toBe("pending");
    expect((await listHires(deps(), brand, {})).items[0]?.status).toBe("pending");
    expect(await statementsOf(() => listEarnings(deps(), influencer, {}))).toBe(0);
    expect(await statementsOf(() => listHires(deps(), brand, {}))).toBe(0);

    await hire.callers.influencer.applications.workDone({
      id: hire.id,
      deliverables: sandboxDeliverables(["instagram"]),
    });
    await hire.callers.brand.applications.release({ id: hire.id });
    await bench.barrier();
    expect((await listEarnings(deps(), influencer, {})).items[0]).toMatchObject({ status: "released", released: true });
    expect((await listHires(deps(), brand, {})).items[0]?.status).toBe("released");
    expect((await listHires(deps(), brand, {})).totals.releasedCents).toBe(hire.brandCents);
  });

  it("keep the payouts and the earnings until the influencer asks for a payout", async () => {
    const { user, caller } = await influencerWith(testDb.db, clock, 5_000);
    const influencer = viewerOf(user.id, "influencer");
    expect((await listPayouts(deps(), influencer, {})).items).toEqual([]);
    const before = (await listEarnings(deps(), influencer, {})).items.length;
    expect(await statementsOf(() => listPayouts(deps(), influencer, {}))).toBe(0);
    expect(await statementsOf(() => listEarnings(deps(), influencer, {}))).toBe(0);

    await caller.earnings.requestPayout(paypalPayout(2_000));
    await bench.barrier();
    expect((await listPayouts(deps(), influencer, {})).items).toMatchObject([{ amountCents: 2_000 }]);
    expect((await listEarnings(deps(), influencer, {})).items).toHaveLength(before + 1);
  });
});
