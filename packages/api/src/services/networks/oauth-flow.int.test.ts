import { MINUTE_MS } from "@market/contracts";
import { type Db, eq, influencerProfiles, networkLinkStates, networks } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import { callerFor, createInfluencer } from "../../testing";
import {
  account,
  type FakeNetworkProviders,
  fakeNetworkProviders,
  testTokenCipher,
} from "../../testing/network-providers";
import { memoryFileStore } from "../files/memory-file-store";
import { NetworkLinkFailure } from "./providers/ports";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
let providers: FakeNetworkProviders;

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});
beforeEach(() => {
  providers = fakeNetworkProviders();
});

const as = (userId: number) =>
  callerFor(db, { userId }, clock, noSessionCookie, memoryFileStore(), undefined, {
    networkProviders: providers,
    tokenCipher: testTokenCipher,
  });

async function newInfluencer() {
  const user = await createInfluencer(db, { networks: [] });
  return { id: user.id, caller: await as(user.id) };
}

/** Starts a flow and comes back from the provider with `code`, as the browser would (state in query and cookie). */
async function link(
  who: Awaited<ReturnType<typeof newInfluencer>>,
  type: "facebook" | "twitter" | "youtube",
  code: string,
  overrides: Record<string, string | undefined> = {},
) {
  const { url, state } = await who.caller.networks.startLink({ type, next: "/deals/7" });
  expect(new URL(url).searchParams.get("state")).toBe(state);
  return who.caller.networks.finishLink({ type, code, state, cookieState: state, ...overrides });
}

const rowsOf = (userId: number) => db.select().from(networks).where(eq(networks.userId, userId)).orderBy(networks.id);

describe("OAuth linking", () => {
  it("links the account: verified, its statistics measured, its tokens sealed, the search columns updated", async () => {
    const me = await newInfluencer();
    providers.login("youtube", "c1", [
      account({
        identifier: "UC1",
        title: "My channel",
        link: "https://y.test/UC1",
        followers: 40_000,
        reactions: 1_400,
      }),
    ]);
    expect(await link(me, "youtube", "c1")).toEqual({ outcome: { linked: "youtube" }, next: "/deals/7" });

    const [row] = await rowsOf(me.id);
    expect(row).toMatchObject({
      type: "youtube",
      identifier: "UC1",
      title: "My channel",
      link: "https://y.test/UC1",
      followers: 40_000,
      posts: 100,
      reactions: 1_400,
      engagement: 3.5,
      rating: 4,
      sizeClass: "big",
      isVerified: true,
      isConflicting: false,
      problem: null,
      statisticsReadAt: clock.now(),
    });
    // The verifier the provider got is the one kept with the state; the tokens are stored sealed only.
    expect(providers.verifiers.get("c1")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row?.accessToken).not.toContain("access-");
    expect(testTokenCipher.decryptToken(row?.accessToken ?? "")).toBe("access-youtube:c1");
    expect(testTokenCipher.decryptToken(row?.refreshToken ?? "")).toBe("refresh-youtube:c1");
    const [profile] = await db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, me.id));
    expect(profile).toMatchObject({ totalReach: 40_000, networkTypes: ["youtube"] });
    // The flow's row is gone once used.
    expect(await db.select().from(networkLinkStates).where(eq(networkLinkStates.userId, me.id))).toEqual([]);
  });

  it("refuses a replayed callback", async () => {
    const me = await newInfluencer();
    providers.login("twitter", "c2", [account({ identifier: "T2" })]);
    const { state } = await me.caller.networks.startLink({ type: "twitter" });
    const callback = { type: "twitter" as const, code: "c2", state, cookieState: state };
    expect((await me.caller.networks.finishLink(callback)).outcome).toEqual({ linked: "twitter" });
    await me.caller.networks.remove({ id: (await rowsOf(me.id))[0]?.id as number });
    expect(await me.caller.networks.finishLink(callback)).toEqual({ outcome: { error: "unknown" }, next: null });
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it.each([
    ["a cookie holding another state", { cookieState: "other" }],
    ["no cookie", { cookieState: undefined }],
    ["a state never issued", { state: "forged", cookieState: "forged" }],
    ["the provider's refusal", { error: "access_denied" }],
    ["no code", { code: undefined }],
  ])("ends in unknown on %s, linking nothing", async (_, overrides) => {
    const me = await newInfluencer();
    providers.login("youtube", "c3", [account({ identifier: "UC3" })]);
    expect((await link(me, "youtube", "c3", overrides)).outcome).toEqual({ error: "unknown" });
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it("ends in unknown for another influencer's state, another network's, or one past its 10 minutes", async () => {
    const me = await newInfluencer();
    const other = await newInfluencer();
    providers.login("youtube", "c4", [account({ identifier: "UC4" })]);
    const mine = await me.caller.networks.startLink({ type: "youtube" });
    const stolen = { type: "youtube" as const, code: "c4", state: mine.state, cookieState: mine.state };
    expect((await other.caller.networks.finishLink(stolen)).outcome).toEqual({ error: "unknown" });
    // The attempt used the state up: the owner cannot finish with it either.
    expect((await me.caller.networks.finishLink(stolen)).outcome).toEqual({ error: "unknown" });

    const twitter = await me.caller.networks.startLink({ type: "twitter" });
    expect(
      (await me.caller.networks.finishLink({ ...stolen, state: twitter.state, cookieState: twitter.state })).outcome,
    ).toEqual({ error: "unknown" });

    const late = await me.caller.networks.startLink({ type: "youtube" });
    clock.advance(10 * MINUTE_MS);
    expect(
      (await me.caller.networks.finishLink({ ...stolen, state: late.state, cookieState: late.state })).outcome,
    ).toEqual({ error: "unknown" });
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it.each([
    ["youtube", [account({ identifier: "a", followers: 2_000 })], "followers"],
    ["twitter", [account({ identifier: "a", isPrivate: true })], "private"],
    ["youtube", [account({ identifier: "a", hasAnalytics: false })], "no-analytics"],
    ["twitter", [], "none"],
    ["facebook", [], "no-fb-page"],
    ["facebook", [account({ identifier: "a", followers: 1_999 })], "fb-page-followers"],
    ["facebook", new NetworkLinkFailure("fb-broken"), "fb-broken"],
    ["youtube", new NetworkLinkFailure("no-analytics"), "no-analytics"],
  ] as const)("%s answering %j ends in %s", async (type, outcome, error) => {
    const me = await newInfluencer();
    providers.login(type, "c5", outcome instanceof NetworkLinkFailure ? outcome : [...outcome]);
    expect(await link(me, type, "c5")).toEqual({ outcome: { error }, next: "/deals/7" });
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it("takes 2,001 followers, and a Facebook page from 2,000 likes", async () => {
    const me = await newInfluencer();
    providers.login("youtube", "c6", [account({ identifier: "UC6", followers: 2_001 })]);
    providers.login("facebook", "c6", [account({ identifier: "P6", followers: 2_000 })]);
    expect((await link(me, "youtube", "c6")).outcome).toEqual({ linked: "youtube" });
    expect((await link(me, "facebook", "c6")).outcome).toEqual({ linked: "facebook" });
  });

  it("ends in unknown when the code exchange fails unexpectedly", async () => {
    const me = await newInfluencer();
    providers.login("twitter", "c7", [account({ identifier: "T7" })]);
    providers.refuseCode("twitter", "c7", new Error("socket hang up"));
    expect((await link(me, "twitter", "c7")).outcome).toEqual({ error: "unknown" });
  });

  it("refuses a second account of a type already held (duplicate) and refreshes the same one linked again", async () => {
    const me = await newInfluencer();
    providers.login("youtube", "first", [account({ identifier: "UC-A", followers: 5_000 })]);
    providers.login("youtube", "second", [account({ identifier: "UC-B" })]);
    providers.login("youtube", "again", [account({ identifier: "UC-A", followers: 7_500 })]);
    await link(me, "youtube", "first");
    expect((await link(me, "youtube", "second")).outcome).toEqual({ error: "duplicate" });
    expect((await link(me, "youtube", "again")).outcome).toEqual({ linked: "youtube" });
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ identifier: "UC-A", followers: 7_500, isVerified: true });
    expect(testTokenCipher.decryptToken(rows[0]?.accessToken ?? "")).toBe("access-youtube:again");
  });

  it("stores several Facebook pages as conflicting until one is chosen, skipping the refused ones", async () => {
    const me = await newInfluencer();
    providers.login("facebook", "pages", [
      account({ identifier: "P1", followers: 9_000 }),
      account({ identifier: "P2", followers: 4_000 }),
      account({ identifier: "P3", followers: 500 }),
    ]);
    expect((await link(me, "facebook", "pages")).outcome).toEqual({ linked: "facebook" });
    const listed = await me.caller.networks.list();
    expect(listed.networks.map((n) => [n.identifier, n.isConflicting, n.sharedWithOthers, n.canApply])).toEqual([
      ["P1", true, false, false],
      ["P2", true, false, false],
    ]);
    expect(listed.canApply).toBe(false);

    const chosen = await me.caller.networks.choose({ id: listed.networks[1]?.id as number, type: "facebook" });
    expect(chosen.networks.map((n) => [n.identifier, n.isConflicting, n.canApply])).toEqual([["P2", false, true]]);
    expect(chosen.canApply).toBe(true);
  });

  it("marks an account linked by two influencers conflicting on both sides; each chooses for themselves", async () => {
    const first = await newInfluencer();
    const second = await newInfluencer();
    providers.login("twitter", "shared", [account({ identifier: "SHARED", followers: 8_000 })]);
    await link(first, "twitter", "shared");
    expect((await first.caller.networks.list()).networks[0]).toMatchObject({ isConflicting: false });
    await link(second, "twitter", "shared");
    const [mine] = (await first.caller.networks.list()).networks;
    const [theirs] = (await second.caller.networks.list()).networks;
    expect(mine).toMatchObject({ isConflicting: true, sharedWithOthers: true, canApply: false });
    expect(theirs).toMatchObject({ isConflicting: true, sharedWithOthers: true, canApply: false });

    await second.caller.networks.choose({ id: theirs?.id as number, type: "twitter" });
    expect((await second.caller.networks.list()).networks[0]).toMatchObject({ isConflicting: false, canApply: true });
    expect((await first.caller.networks.list()).networks[0]).toMatchObject({ isConflicting: true });

    // Once the other copy is removed, the remaining one has no conflict left.
    await second.caller.networks.remove({ id: theirs?.id as number });
    expect((await first.caller.networks.list()).networks[0]).toMatchObject({
      isConflicting: false,
      sharedWithOthers: false,
      canApply: true,
    });
  });

  it("never holds a token in clear", async () => {
    const me = await newInfluencer();
    providers.login("facebook", "secret", [account({ identifier: "PX" })]);
    await link(me, "facebook", "secret");
    const dump = JSON.stringify(await db.select().from(networks));
    expect(dump).not.toContain("access-facebook:secret");
    expect(dump).not.toContain("refresh-facebook:secret");
  });
});
