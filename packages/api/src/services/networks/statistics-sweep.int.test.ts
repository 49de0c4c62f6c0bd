import { DAY_MS } from "@market/contracts";
import { type Db, eq, influencerProfiles, lt, networks } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createInfluencer } from "../../testing";
import { account, fakeNetworkProviders, testTokenCipher } from "../../testing/network-providers";
import { linkAccounts } from "./link-account";
import { NETWORK_STATISTICS_MAX_AGE_MS, sweepNetworkStatistics } from "./statistics-sweep";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const providers = fakeNetworkProviders();
const deps = () => ({ db, clock, networkProviders: providers, tokenCipher: testTokenCipher });

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** An influencer with a youtube channel linked through the code `code`, now. */
async function linked(code: string, followers: number) {
  const user = await createInfluencer(db, { networks: [] });
  providers.login("youtube", code, [account({ identifier: `UC-${code}`, followers })]);
  const tokens = await providers.oauth.youtube.exchangeCode(code, "verifier");
  const [id] = await linkAccounts(
    deps(),
    user.id,
    "youtube",
    await providers.oauth.youtube.readAccounts(tokens),
    tokens,
  );
  return { userId: user.id, id: id as number };
}

const rowOf = async (id: number) => (await db.select().from(networks).where(eq(networks.id, id)))[0];

describe("statistics sweep", () => {
  it("reads networks older than the age again, oldest first, at most a batch per run, never a name-only one", async () => {
    const old = await linked("old", 10_000);
    clock.advance(DAY_MS);
    const older = await linked("newer", 12_000);
    await db.insert(networks).values({ userId: old.userId, type: "blog", title: "b", identifier: "b" });
    clock.advance(DAY_MS);
    const recent = await linked("recent", 14_000);

    providers.login("youtube", "old", [account({ identifier: "UC-old", followers: 11_000 })]);
    providers.login("youtube", "newer", [account({ identifier: "UC-newer", followers: 13_000 })]);
    providers.login("youtube", "recent", [account({ identifier: "UC-recent", followers: 15_000 })]);

    // Six days after the second link: the first two are over the 7-day age, the third is not.
    clock.advance(NETWORK_STATISTICS_MAX_AGE_MS - DAY_MS + 1);
    const now = clock.now();
    expect(await sweepNetworkStatistics(deps(), now, { batch: 1 })).toBe(1);
    expect(await rowOf(old.id)).toMatchObject({ followers: 11_000, statisticsReadAt: now });
    expect(await rowOf(older.id)).toMatchObject({ followers: 12_000 });

    expect(await sweepNetworkStatistics(deps(), now)).toBe(1);
    expect(await rowOf(older.id)).toMatchObject({ followers: 13_000, statisticsReadAt: now });
    expect(await rowOf(recent.id)).toMatchObject({ followers: 14_000 });
    // Nothing is due any more: running again reads nothing.
    expect(await sweepNetworkStatistics(deps(), now)).toBe(0);

    const [profile] = await db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, old.userId));
    expect(profile?.totalReach).toBe(11_000);
  });

  it("records a failed reading and waits a full age before trying it again", async () => {
    const broken = await linked("broken", 10_000);
    providers.login("youtube", "broken", [account({ identifier: "UC-gone" })]);
    clock.advance(NETWORK_STATISTICS_MAX_AGE_MS + 1);
    await sweepNetworkStatistics(deps(), clock.now());
    expect(await rowOf(broken.id)).toMatchObject({ problem: "none", isVerified: true, followers: 10_000 });
    expect(await sweepNetworkStatistics(deps(), clock.now())).toBe(0);
  });

  it("reads each due network once when several instances sweep at the same time", async () => {
    const due = [];
    for (const code of ["p1", "p2", "p3", "p4"]) due.push(await linked(code, 20_000));
    clock.advance(NETWORK_STATISTICS_MAX_AGE_MS + 1);
    const cutoff = new Date(clock.now().getTime() - NETWORK_STATISTICS_MAX_AGE_MS);
    const dueCount = await db.$count(networks, lt(networks.statisticsReadAt, cutoff));
    expect(dueCount).toBeGreaterThanOrEqual(due.length);
    const counts = await Promise.all([1, 2, 3].map(() => sweepNetworkStatistics(deps(), clock.now(), { batch: 50 })));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(dueCount);
    expect(await sweepNetworkStatistics(deps(), clock.now())).toBe(0);
  });
});
