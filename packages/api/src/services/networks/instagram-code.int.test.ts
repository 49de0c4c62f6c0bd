import { BIO_CODE_VALIDITY_MS } from "@market/contracts";
import { type Db, eq, networks, networkVerificationCodes } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import { callerFor, callFailure, createInfluencer } from "../../testing";
import { account, fakeNetworkProviders, testTokenCipher } from "../../testing/network-providers";
import { memoryFileStore } from "../files/memory-file-store";
import type { NetworkAccount } from "./providers/ports";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const providers = fakeNetworkProviders();

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

async function newInfluencer() {
  const user = await createInfluencer(db, { networks: [] });
  const caller = await callerFor(db, { userId: user.id }, clock, noSessionCookie, memoryFileStore(), undefined, {
    networkProviders: providers,
    tokenCipher: testTokenCipher,
  });
  return { id: user.id, caller };
}

let sequence = 0;
/** A fresh Instagram profile (bio empty) and an influencer with a code for it. */
async function pending(fields: Partial<NetworkAccount> = {}) {
  const username = `insta.user${++sequence}`;
  providers.profile(username, { bio: "", account: account({ identifier: "ignored", followers: 30_000, ...fields }) });
  const me = await newInfluencer();
  const code = await me.caller.networks.instagramCode({ username: ` @${username.toUpperCase()} ` });
  const putInBio = () =>
    providers.profile(username, {
      bio: `Travel and food ✈️ ${code.code} DM for collabs`,
      account: account({ identifier: "ignored", title: `@${username}`, followers: 30_000, ...fields }),
    });
  return { me, username, code, putInBio };
}

const networksOf = (userId: number) => db.select().from(networks).where(eq(networks.userId, userId));

describe("Instagram by bio code", () => {
  it("gives a code valid 5 minutes for the username, replacing any earlier one", async () => {
    const { me, username, code } = await pending();
    expect(code).toEqual({
      username,
      code: expect.stringMatching(/^IM-[A-HJ-NP-Z2-9]{6}$/),
      expiresAt: new Date(clock.now().getTime() + BIO_CODE_VALIDITY_MS).toISOString(),
    });
    const again = await me.caller.networks.instagramCode({ username });
    const rows = await db.select().from(networkVerificationCodes).where(eq(networkVerificationCodes.userId, me.id));
    expect(rows.map((row) => row.code)).toEqual([again.code]);
  });

  it("links the account when the code is in the bio at the 5th minute, keyed by the username", async () => {
    const { me, username, putInBio } = await pending();
    putInBio();
    clock.advance(BIO_CODE_VALIDITY_MS);
    expect(await me.caller.networks.verifyInstagram({ data: username, next: "/deals/4" })).toEqual({
      outcome: { linked: "instagram" },
      next: "/deals/4",
    });
    expect(await networksOf(me.id)).toEqual([
      expect.objectContaining({
        type: "instagram",
        identifier: username,
        title: `@${username}`,
        followers: 30_000,
        isVerified: true,
        accessToken: null,
      }),
    ]);
    // The code is used up.
    expect((await me.caller.networks.verifyInstagram({ data: username })).outcome).toEqual({ error: "unknown" });
  });

  it("is too late one millisecond after the 5 minutes, and the code is dropped", async () => {
    const { me, username, putInBio } = await pending();
    putInBio();
    clock.advance(BIO_CODE_VALIDITY_MS + 1);
    expect((await me.caller.networks.verifyInstagram({ data: username })).outcome).toEqual({ error: "too-late" });
    expect((await me.caller.networks.verifyInstagram({ data: username })).outcome).toEqual({ error: "unknown" });
    expect(await networksOf(me.id)).toEqual([]);
  });

  it("answers no-token while the code is not in the bio, and links once it is", async () => {
    const { me, username, putInBio } = await pending();
    expect((await me.caller.networks.verifyInstagram({ data: username })).outcome).toEqual({ error: "no-token" });
    putInBio();
    expect((await me.caller.networks.verifyInstagram({ data: username })).outcome).toEqual({ linked: "instagram" });
  });

  it("answers bad-username for an account that does not exist", async () => {
    const me = await newInfluencer();
    await me.caller.networks.instagramCode({ username: "no.such.account" });
    expect((await me.caller.networks.verifyInstagram({ data: "no.such.account" })).outcome).toEqual({
      error: "bad-username",
    });
  });

  it("answers unknown without a code asked, or for another username than the code's", async () => {
    const me = await newInfluencer();
    expect((await me.caller.networks.verifyInstagram({})).outcome).toEqual({ error: "unknown" });
    const { me: other, putInBio } = await pending();
    putInBio();
    expect((await other.caller.networks.verifyInstagram({ data: "someone.else" })).outcome).toEqual({
      error: "unknown",
    });
  });

  it.each([
    [{ followers: 2_000 }, "followers"],
    [{ isPrivate: true }, "private"],
    [{ hasAnalytics: false }, "no-analytics"],
  ] as const)("applies the linking rules: %j is %s", async (fields, error) => {
    const { me, username, putInBio } = await pending(fields);
    putInBio();
    expect((await me.caller.networks.verifyInstagram({ data: username })).outcome).toEqual({ error });
    expect(await networksOf(me.id)).toEqual([]);
  });

  it("refreshes the statistics by the username, through /auth/instagram/refresh", async () => {
    const { me, username, putInBio } = await pending();
    putInBio();
    await me.caller.networks.verifyInstagram({ data: username });
    providers.profile(username, { bio: "", account: account({ identifier: "x", followers: 31_500, reactions: 945 }) });
    clock.advance(60_000);
    expect(await me.caller.networks.refreshInstagram({})).toEqual({ outcome: { refreshed: "instagram" }, next: null });
    expect(await networksOf(me.id)).toEqual([
      expect.objectContaining({ followers: 31_500, engagement: 3, statisticsReadAt: clock.now(), isVerified: true }),
    ]);

    providers.profile(username, { bio: "", account: account({ identifier: "x", followers: 1_000 }) });
    expect((await me.caller.networks.refreshInstagram({})).outcome).toEqual({ error: "followers" });
    expect(await networksOf(me.id)).toEqual([expect.objectContaining({ isVerified: false, problem: "followers" })]);
  });

  it("refuses an input that cannot be a username", async () => {
    const me = await newInfluencer();
    expect(await callFailure(me.caller.networks.instagramCode({ username: "not a name" }))).toMatchObject({
      reason: "invalid",
      issues: ["username"],
    });
  });
});
