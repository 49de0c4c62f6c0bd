import { DAY_MS } from "@market/contracts";
import { applicationPrices, type Db, eq, influencerProfiles, networks } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import {
  callerFor,
  callFailure,
  campaignBody,
  createAdminUser,
  createBrand,
  createInfluencer,
  waitingApplication,
} from "../../testing";
import { account, fakeNetworkProviders, testTokenCipher } from "../../testing/network-providers";
import { memoryFileStore } from "../files/memory-file-store";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const providers = fakeNetworkProviders({ tokenLifetimeMs: DAY_MS, now: () => clock.now() });

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const as = (userId: number, impersonatorId?: number) =>
  callerFor(
    db,
    impersonatorId === undefined ? { userId } : { userId, impersonatorId },
    clock,
    noSessionCookie,
    memoryFileStore(),
    undefined,
    { networkProviders: providers, tokenCipher: testTokenCipher },
  );

async function newInfluencer() {
  const user = await createInfluencer(db, { networks: [] });
  return { id: user.id, caller: await as(user.id) };
}

async function linkYoutube(me: Awaited<ReturnType<typeof newInfluencer>>, code: string, followers = 20_000) {
  providers.login("youtube", code, [account({ identifier: `UC-${code}`, followers, reactions: followers / 50 })]);
  const { state } = await me.caller.networks.startLink({ type: "youtube" });
  await me.caller.networks.finishLink({ type: "youtube", code, state, cookieState: state });
  return (await me.caller.networks.list()).networks.find((n) => n.type === "youtube")?.id as number;
}

describe("unlinkable networks", () => {
  it("adds one by its name without spaces, never verified, so it counts nowhere in search", async () => {
    const me = await newInfluencer();
    const added = await me.caller.networks.add({ type: "blog", title: "  My Travel  Blog " });
    expect(added).toMatchObject({
      type: "blog",
      title: "MyTravelBlog",
      identifier: "mytravelblog",
      followers: 0,
      isVerified: false,
      isConflicting: false,
      linkMethod: "name",
      canApply: false,
      sharedWithOthers: false,
      statisticsReadAt: null,
      problem: null,
    });
    const [profile] = await db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, me.id));
    // Search counts only the networks one may apply with (verified, not conflicting).
    expect(profile?.networkTypes).toEqual([]);
  });

  it("refuses a second network of the type: remove the first", async () => {
    const me = await newInfluencer();
    await me.caller.networks.add({ type: "snapchat", title: "me" });
    expect(await callFailure(me.caller.networks.add({ type: "snapchat", title: "another" }))).toMatchObject({
      code: "CONFLICT",
      reason: "conflict",
    });
    expect((await me.caller.networks.list()).networks).toHaveLength(1);
  });

  it.each([
    [{ type: "blog", title: " \t " }, "title"],
    [{ type: "blog" }, "title"],
    [{ type: "youtube", title: "me" }, "type"],
    [{ type: "blog", title: "x".repeat(101) }, "title"],
  ])("refuses %j as invalid", async (input, field) => {
    const me = await newInfluencer();
    expect(await callFailure(me.caller.networks.add(input as never))).toMatchObject({
      reason: "invalid",
      issues: [field],
    });
  });

  it("has nothing to refresh", async () => {
    const me = await newInfluencer();
    const { id } = await me.caller.networks.add({ type: "tumblr", title: "me" });
    expect(await callFailure(me.caller.networks.refresh({ id }))).toMatchObject({ reason: "invalid" });
  });
});

describe("remove", () => {
  it("keeps the figures of the proposals that priced the network", async () => {
    const app = await waitingApplication(db, clock);
    const me = await as(app.influencer.id);
    expect(await me.networks.remove({ id: app.instagram })).toEqual({ id: app.instagram });
    const prices = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, app.id));
    expect(prices).toEqual([
      expect.objectContaining({ networkType: "instagram", networkId: null, priceCents: 125_000, reach: 10_000 }),
    ]);
    const page = await app.callers.brand.applications.get({ id: app.id });
    expect(page).toMatchObject({ totalReach: 10_000 });
    const [profile] = await db
      .select()
      .from(influencerProfiles)
      .where(eq(influencerProfiles.userId, app.influencer.id));
    expect(profile?.networkTypes).toEqual(["youtube"]);
  });

  it("answers not_found for another influencer's network, and leaves it", async () => {
    const me = await newInfluencer();
    const other = await newInfluencer();
    const theirs = await linkYoutube(other, "theirs");
    expect(await callFailure(me.caller.networks.remove({ id: theirs }))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(me.caller.networks.refresh({ id: theirs }))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(me.caller.networks.choose({ id: theirs, type: "youtube" }))).toMatchObject({
      reason: "not_found",
    });
    expect((await other.caller.networks.list()).networks).toHaveLength(1);
  });

  it("choose answers not_found when the id is not of the type", async () => {
    const me = await newInfluencer();
    const id = await linkYoutube(me, "typed");
    expect(await callFailure(me.caller.networks.choose({ id, type: "twitter" }))).toMatchObject({
      reason: "not_found",
    });
  });
});

describe("refresh", () => {
  it("reads the account again with its tokens, renewing them once expired", async () => {
    const me = await newInfluencer();
    const id = await linkYoutube(me, "fresh", 20_000);
    providers.login("youtube", "fresh", [account({ identifier: "UC-fresh", followers: 25_000, reactions: 1_000 })]);
    clock.advance(DAY_MS + 1);
    const refreshed = await me.caller.networks.refresh({ id });
    expect(refreshed).toMatchObject({ followers: 25_000, engagement: 4, rating: 4, problem: null, isVerified: true });
    expect(refreshed.statisticsReadAt).toBe(clock.now().toISOString());
    expect(providers.refreshed).toContain("refresh-youtube:fresh");
    const [row] = await db.select().from(networks).where(eq(networks.id, id));
    // The renewed tokens are stored sealed, with their new expiry.
    expect(row?.tokenExpiresAt).toEqual(new Date(clock.now().getTime() + DAY_MS));
    expect(row?.accessToken).not.toContain("access-");
  });

  it("un-verifies an account that fell to 2,000 followers, and verifies it again once above", async () => {
    const me = await newInfluencer();
    const id = await linkYoutube(me, "falls", 20_000);
    providers.login("youtube", "falls", [account({ identifier: "UC-falls", followers: 2_000 })]);
    expect(await me.caller.networks.refresh({ id })).toMatchObject({
      followers: 2_000,
      isVerified: false,
      canApply: false,
      problem: "followers",
    });
    providers.login("youtube", "falls", [account({ identifier: "UC-falls", followers: 2_500 })]);
    expect(await me.caller.networks.refresh({ id })).toMatchObject({ isVerified: true, problem: null });
  });

  it("keeps the statistics and the verification when the provider cannot be read", async () => {
    const me = await newInfluencer();
    const id = await linkYoutube(me, "down", 20_000);
    providers.login("youtube", "down", [account({ identifier: "UC-other" })]);
    expect(await me.caller.networks.refresh({ id })).toMatchObject({
      followers: 20_000,
      isVerified: true,
      problem: "none",
    });
  });
});

describe("permissions", () => {
  it("refuses brands and visitors every network call and the own profile", async () => {
    const brand = await as((await createBrand(db)).id);
    const visitor = await callerFor(db, null, clock);
    for (const [caller, reason] of [
      [brand, "forbidden"],
      [visitor, "unauthorized"],
    ] as const) {
      const calls = [
        caller.networks.list(),
        caller.networks.add({ type: "blog", title: "x" }),
        caller.networks.remove({ id: 1 }),
        caller.networks.refresh({ id: 1 }),
        caller.networks.choose({ id: 1, type: "blog" }),
        caller.networks.instagramCode({ username: "abc" }),
        caller.networks.startLink({ type: "youtube" }),
        caller.networks.finishLink({ type: "youtube" }),
        caller.networks.verifyInstagram({}),
        caller.networks.refreshInstagram({}),
        caller.influencers.own(),
      ];
      for (const call of calls) expect(await callFailure(call)).toMatchObject({ reason });
    }
  });

  it("lets an admin impersonating the influencer manage the networks", async () => {
    const admin = await createAdminUser(db);
    const me = await newInfluencer();
    const impersonated = await as(me.id, admin.id);
    await impersonated.networks.add({ type: "pinterest", title: "pins" });
    expect((await me.caller.networks.list()).networks).toHaveLength(1);
  });
});

describe("own profile and applying", () => {
  it("shows the profile as brands see it, with the owner's fields", async () => {
    const me = await newInfluencer();
    await linkYoutube(me, "profile", 30_000);
    await me.caller.networks.add({ type: "blog", title: "Notes" });
    const own = await me.caller.influencers.own();
    expect(own).toMatchObject({ id: me.id, isOwn: true, viaSearch: false, totalReach: 30_000, canApply: true });
    expect(own.email).toBeUndefined();
    expect(own.networks.map((n) => [n.type, n.linkMethod, n.canApply])).toEqual([
      ["youtube", "oauth", true],
      ["blog", "name", false],
    ]);
    const brand = await as((await createBrand(db)).id);
    const seen = await brand.influencers.get({ id: me.id });
    expect(seen.networks.map((n) => n.id)).toEqual(own.networks.map((n) => n.id));
  });

  it("applies with a network only once its conflict is resolved", async () => {
    const brand = await as((await createBrand(db)).id);
    const { id: dealId } = await brand.deals.create(campaignBody(clock, { networks: ["facebook"] }));
    const me = await newInfluencer();
    providers.login("facebook", "two-pages", [
      account({ identifier: "PA", followers: 9_000 }),
      account({ identifier: "PB", followers: 8_000 }),
    ]);
    const { state } = await me.caller.networks.startLink({ type: "facebook" });
    await me.caller.networks.finishLink({ type: "facebook", code: "two-pages", state, cookieState: state });
    const [first] = (await me.caller.networks.list()).networks;
    const proposal = {
      dealId,
      text: "Happy to help",
      expiration: new Date(clock.now().getTime() + 30 * DAY_MS),
      prices: [{ networkId: first?.id as number, price: 100, creationDays: 3 }],
    };
    expect(await callFailure(me.caller.applications.create(proposal))).toMatchObject({ reason: "invalid" });
    await me.caller.networks.choose({ id: first?.id as number, type: "facebook" });
    expect(await me.caller.applications.create(proposal)).toMatchObject({ status: "WAITING" });
  });
});

describe("the search columns", () => {
  const searchColumnsOf = async (userId: number) => {
    const [profile] = await db
      .select({ totalReach: influencerProfiles.totalReach, networkTypes: influencerProfiles.networkTypes })
      .from(influencerProfiles)
      .where(eq(influencerProfiles.userId, userId));
    return profile;
  };
  const linkShared = async (me: Awaited<ReturnType<typeof newInfluencer>>, code: string) => {
    providers.login("youtube", code, [
      account({ identifier: "UC-shared-search", followers: 70_000, reactions: 1_400 }),
    ]);
    const { state } = await me.caller.networks.startLink({ type: "youtube" });
    await me.caller.networks.finishLink({ type: "youtube", code, state, cookieState: state });
    return (await me.caller.networks.list()).networks.find((n) => n.type === "youtube")?.id as number;
  };

  it("count only verified, non-conflicting networks, for every holder, on link, choose and remove", async () => {
    const first = await newInfluencer();
    await linkShared(first, "search-first");
    expect(await searchColumnsOf(first.id)).toEqual({ totalReach: 70_000, networkTypes: ["youtube"] });

    // A second holder links the same channel: a conflict for both, so it counts toward neither one's reach.
    const second = await newInfluencer();
    const secondId = await linkShared(second, "search-second");
    expect(await searchColumnsOf(first.id)).toEqual({ totalReach: 0, networkTypes: [] });
    expect(await searchColumnsOf(second.id)).toEqual({ totalReach: 0, networkTypes: [] });

    // The second chooses it: theirs counts again; the first is still conflicting until they choose.
    await second.caller.networks.choose({ id: secondId, type: "youtube" });
    expect(await searchColumnsOf(second.id)).toEqual({ totalReach: 70_000, networkTypes: ["youtube"] });
    expect(await searchColumnsOf(first.id)).toEqual({ totalReach: 0, networkTypes: [] });

    // The second removes it: the first's copy is settled and counts again.
    await second.caller.networks.remove({ id: secondId });
    expect(await searchColumnsOf(second.id)).toEqual({ totalReach: 0, networkTypes: [] });
    expect(await searchColumnsOf(first.id)).toEqual({ totalReach: 70_000, networkTypes: ["youtube"] });
  });

  it("drop a network a refresh finds no longer meets the rules", async () => {
    const me = await newInfluencer();
    const id = await linkYoutube(me, "search-refresh", 30_000);
    expect(await searchColumnsOf(me.id)).toEqual({ totalReach: 30_000, networkTypes: ["youtube"] });
    providers.login("youtube", "search-refresh", [account({ identifier: "UC-search-refresh", followers: 1_500 })]);
    await me.caller.networks.refresh({ id });
    expect(await searchColumnsOf(me.id)).toEqual({ totalReach: 0, networkTypes: [] });
  });
});
