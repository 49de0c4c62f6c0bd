import { DAY_MS } from "@market/contracts";
import { adminAuditLog, and, type Db, deals, eq, influencerProfiles, invitations, notifications } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, callFailure, createAdminUser, createBrand, createInfluencer } from "../../testing";
import { DEV_SEARCH_ID_SECRET, decodeSearchId, encodeSearchId } from "./search-id";

let testDb: TestDb;
let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const ids: Record<string, number> = {};

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const make = async (
    name: string,
    fixture: Parameters<typeof createInfluencer>[1],
    extra: Record<string, unknown>,
  ) => {
    const user = await createInfluencer(db, { username: name, ...fixture });
    if (Object.keys(extra).length > 0)
      await db.update(influencerProfiles).set(extra).where(eq(influencerProfiles.userId, user.id));
    ids[name] = user.id;
  };
  await make(
    "alpha",
    {
      category: "beauty",
      country: "fr",
      city: "Lyon",
      gender: "female",
      audience: { males: 20, ages: [18, 24] },
      createdAt: new Date("2026-01-05T00:00:00Z"),
      networks: [{ type: "instagram", followers: 10_000, engagement: 0.5, rating: 2 }],
    },
    { costPerFollower: 0.5, costPerEngagement: 40, hiredCount: 1 },
  );
  await make(
    "bravo",
    {
      category: "sports",
      country: "us",
      city: "Boston",
      gender: "male",
      audience: { males: 70, ages: [25, 34] },
      createdAt: new Date("2026-01-03T00:00:00Z"),
      networks: [{ type: "youtube", followers: 200_000, engagement: 2, rating: 4 }],
    },
    { costPerFollower: 0.1, costPerEngagement: null, hiredCount: 7 },
  );
  await make(
    "charlie",
    {
      category: "music",
      country: "gb",
      city: "London",
      gender: "female",
      audience: { males: 40, ages: [35, 50] },
      createdAt: new Date("2026-01-01T00:00:00Z"),
      networks: [{ type: "twitter", followers: 6_000_000, engagement: 5, rating: 5 }],
    },
    { costPerFollower: null, costPerEngagement: 5, hiredCount: 3 },
  );
  await make(
    "delta",
    {
      category: "beauty",
      country: "us",
      city: "Denver",
      gender: "male",
      audience: null,
      createdAt: new Date("2026-01-04T00:00:00Z"),
      networks: [{ type: "instagram", followers: 3_000, engagement: null, rating: null }],
    },
    { costPerFollower: 0.3, costPerEngagement: 20, hiredCount: 0 },
  );
  await make(
    "echo",
    {
      category: null,
      country: "de",
      city: "Berlin",
      gender: null,
      audience: null,
      createdAt: new Date("2026-01-02T00:00:00Z"),
      networks: [],
    },
    {},
  );
});
afterAll(() => testDb.close());

async function names(input: Parameters<Awaited<ReturnType<typeof callerFor>>["influencers"]["search"]>[0]) {
  const brand = await createBrand(db);
  const result = await (await callerFor(db, { userId: brand.id })).influencers.search(input);
  return result.influencers.map((card) => card.username);
}
const sorted = async (input: Parameters<typeof names>[0]) => (await names(input)).sort();

describe("influencers.search filters", () => {
  it("lists everyone without filters, influencers without networks included", async () => {
    expect(await sorted({})).toEqual(["alpha", "bravo", "charlie", "delta", "echo"]);
  });
  it("filters by categories", async () => {
    expect(await sorted({ categories: ["beauty"] })).toEqual(["alpha", "delta"]);
    expect(await sorted({ categories: ["music", "sports"] })).toEqual(["bravo", "charlie"]);
  });
  it("filters by networks", async () => {
    expect(await sorted({ networks: ["youtube", "twitter"] })).toEqual(["bravo", "charlie"]);
    expect(await sorted({ networks: ["instagram"] })).toEqual(["alpha", "delta"]);
  });
  it("filters by engagement levels", async () => {
    expect(await sorted({ engagements: ["high"] })).toEqual(["charlie"]);
    expect(await sorted({ engagements: ["low", "medium"] })).toEqual(["alpha", "bravo"]);
  });
  it("filters by countries", async () => {
    expect(await sorted({ countries: ["us"] })).toEqual(["bravo", "delta"]);
    expect(await sorted({ countries: ["gb", "DE"] })).toEqual(["charlie", "echo"]);
  });
  it("filters by gender", async () => {
    expect(await sorted({ gender: "male" })).toEqual(["bravo", "delta"]);
    expect(await sorted({ gender: "female" })).toEqual(["alpha", "charlie"]);
  });
  it("filters by followers, the 5,000,000 stop meaning no upper bound", async () => {
    expect(await sorted({ followers: [5_000, 5_000_000] })).toEqual(["alpha", "bravo", "charlie"]);
    expect(await sorted({ followers: [5_000, 4_999_999] })).toEqual(["alpha", "bravo"]);
    expect(await sorted({ followers: [2_000, 10_000] })).toEqual(["alpha", "delta"]);
  });
  it("filters by audience ages overlapping the asked range", async () => {
    expect(await sorted({ ages: [30, 40] })).toEqual(["bravo", "charlie"]);
    expect(await sorted({ ages: [24, 25] })).toEqual(["alpha", "bravo"]);
    expect(await sorted({ ages: [51, 99] })).toEqual([]);
  });
  it("matches the keyword case-insensitively in username, city and country", async () => {
    expect(await sorted({ query: "BRAV" })).toEqual(["bravo"]);
    expect(await sorted({ query: "lond" })).toEqual(["charlie"]);
    expect(await sorted({ query: "US" })).toEqual(["bravo", "delta"]);
    expect(await sorted({ query: "_" })).toEqual([]);
  });
  it("combines filters with and", async () => {
    expect(await sorted({ categories: ["beauty"], countries: ["us"] })).toEqual(["delta"]);
    expect(await sorted({ gender: "female", followers: [2_000, 100_000], networks: ["instagram"] })).toEqual(["alpha"]);
  });
});

describe("influencers.search sorts", () => {
  it.each([
    ["followers_p", ["charlie", "bravo", "alpha", "delta", "echo"]],
    ["created_p", ["alpha", "delta", "bravo", "echo", "charlie"]],
    ["engagement_p", ["charlie", "bravo", "alpha", "echo", "delta"]],
    ["cpf_p", ["bravo", "delta", "alpha", "echo", "charlie"]],
    ["cpe_p", ["charlie", "delta", "alpha", "echo", "bravo"]],
    ["hired_p", ["bravo", "charlie", "alpha", "echo", "delta"]],
  ] as const)("orders by %s", async (sort, expected) => {
    const order = await names({ sort });
    // Ties (null costs, zero engagement/hires) are broken by id; compare the untied head only.
    expect(order.slice(0, 3)).toEqual(expected.slice(0, 3));
    expect(order).toHaveLength(5);
  });
  it("puts unknown costs last in cpf_p and cpe_p", async () => {
    expect((await names({ sort: "cpf_p" })).slice(-2).sort()).toEqual(["charlie", "echo"]);
    expect((await names({ sort: "cpe_p" })).slice(-2).sort()).toEqual(["bravo", "echo"]);
  });
  it("gives a visitor the default order whatever sort is asked", async () => {
    const visitor = await callerFor(db);
    const result = await visitor.influencers.search({ sort: "created_p", currentPage: 3 });
    expect(result.influencers.map((card) => card.username).slice(0, 2)).toEqual(["charlie", "bravo"]);
  });
  it("answers an empty page past the end with the count", async () => {
    const brand = await createBrand(db);
    const result = await (await callerFor(db, { userId: brand.id })).influencers.search({ currentPage: 2 });
    expect(result).toEqual({ influencers: [], count: 5, countIsCapped: false, nextCursor: null });
  });
});

describe("opaque search ids", () => {
  it("are stable, longer than 10 characters and decode back", async () => {
    const visitor = await callerFor(db);
    const first = (await visitor.influencers.search({})).influencers;
    const again = (await visitor.influencers.search({})).influencers;
    expect(first.map((card) => card.id)).toEqual(again.map((card) => card.id));
    for (const card of first) {
      expect(card.id.length).toBeGreaterThan(10);
      expect(String(decodeSearchId(DEV_SEARCH_ID_SECRET, card.id))).not.toBe("null");
    }
    expect(first.find((card) => card.username === "alpha")?.id).toBe(
      encodeSearchId(DEV_SEARCH_ID_SECRET, ids.alpha as number),
    );
  });
  it("cannot be forged: a tampered tag, or another user's tag, is not_found", async () => {
    const visitor = await callerFor(db);
    const good = encodeSearchId(DEV_SEARCH_ID_SECRET, ids.alpha as number);
    const tampered = `${good.slice(0, -1)}${good.endsWith("A") ? "B" : "A"}`;
    expect(decodeSearchId(DEV_SEARCH_ID_SECRET, tampered)).toBeNull();
    expect(await callFailure(visitor.influencers.get({ id: tampered }))).toMatchObject({ reason: "not_found" });
    const swapped = `s${(ids.bravo as number).toString(36)}.${good.split(".")[1]}`;
    expect(await callFailure(visitor.influencers.get({ id: swapped }))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(visitor.influencers.get({ id: "abc" }))).toMatchObject({ reason: "invalid" });
  });
});

describe("influencers.get", () => {
  it("shows a visitor the profile, viaSearch only through a search id, without email", async () => {
    const visitor = await callerFor(db);
    const plain = await visitor.influencers.get({ id: ids.bravo as number });
    expect(plain).toMatchObject({
      id: ids.bravo,
      username: "bravo",
      city: "Boston",
      country: "us",
      category: "sports",
      gender: "male",
      maybeFake: false,
      totalReach: 200_000,
      audience: { males: 70, ages: [25, 34], interests: [], country: null },
      averageFeeCents: null,
      isOwn: false,
      viaSearch: false,
      lastLogin: null,
    });
    expect(plain.networks).toEqual([
      expect.objectContaining({ type: "youtube", followers: 200_000, engagement: 2, rating: 4, isVerified: true }),
    ]);
    expect("email" in plain).toBe(false);
    const viaSearch = await visitor.influencers.get({ id: encodeSearchId(DEV_SEARCH_ID_SECRET, ids.bravo as number) });
    expect(viaSearch).toMatchObject({ id: ids.bravo, viaSearch: true });
  });
  it("shows a brand any profile, without email", async () => {
    const brand = await createBrand(db);
    const view = await (await callerFor(db, { userId: brand.id })).influencers.get({ id: String(ids.alpha) });
    expect(view).toMatchObject({ username: "alpha", isOwn: false });
    expect(view.email).toBeUndefined();
  });
  it("gives a signed-in influencer their own profile instead of another's", async () => {
    const asDelta = await callerFor(db, { userId: ids.delta as number });
    const view = await asDelta.influencers.get({ id: encodeSearchId(DEV_SEARCH_ID_SECRET, ids.alpha as number) });
    expect(view).toMatchObject({
      id: ids.delta,
      username: "delta",
      isOwn: true,
      viaSearch: false,
      audience: { ages: null },
    });
    expect(view.email).toBeUndefined();
  });
  it("adds the email for an impersonating admin only", async () => {
    const admin = await createAdminUser(db);
    const brand = await createBrand(db);
    const asAdmin = await callerFor(db, { userId: brand.id, impersonatorId: admin.id });
    expect((await asAdmin.influencers.get({ id: ids.charlie as number })).email).toBe("charlie@test.example");
    const asAdminBrandItself = await callerFor(db, { userId: admin.id });
    expect((await asAdminBrandItself.influencers.get({ id: ids.charlie as number })).email).toBeUndefined();
  });
  it("answers not_found for an unknown id and for a brand's id", async () => {
    const visitor = await callerFor(db);
    const brand = await createBrand(db);
    expect(await callFailure(visitor.influencers.get({ id: 999_999 }))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(visitor.influencers.get({ id: brand.id }))).toMatchObject({ reason: "not_found" });
  });
});

describe("influencers.invite", () => {
  async function campaign(
    brandId: number,
    options: { reviewStatus?: "NONE" | "OK" | "KO"; paused?: boolean; deadlineDays?: number; deleted?: boolean } = {},
  ) {
    const [deal] = await db
      .insert(deals)
      .values({
        userId: brandId,
        title: "Invite me",
        link: "https://brand.example",
        category: "sports",
        price: "p100_250",
        description: "d",
        networks: ["instagram"],
        deadline: new Date(clock.now().getTime() + (options.deadlineDays ?? 10) * DAY_MS),
        paused: options.paused ?? false,
        reviewStatus: options.reviewStatus ?? "OK",
        deletedAt: options.deleted ? clock.now() : null,
      })
      .returning({ id: deals.id });
    return deal?.id as number;
  }
  const brandCaller = async () => {
    const brand = await createBrand(db);
    return { brand, caller: await callerFor(db, { userId: brand.id }, clock) };
  };
  const invitationsOf = (influencerId: number) =>
    db.select().from(invitations).where(eq(invitations.influencerId, influencerId));

  it("invites to the brand's open approved campaigns, notifies once, and is idempotent", async () => {
    const { brand, caller } = await brandCaller();
    const influencer = await createInfluencer(db);
    const [one, two] = [await campaign(brand.id), await campaign(brand.id)];
    const searchId = encodeSearchId(DEV_SEARCH_ID_SECRET, influencer.id);
    expect(await caller.influencers.invite({ id: searchId, campaigns: [two, one] })).toEqual({
      invited: [one, two].sort((a, b) => a - b),
    });
    expect(await caller.influencers.invite({ id: influencer.id, campaigns: [one] })).toEqual({ invited: [one] });
    expect((await invitationsOf(influencer.id)).map((row) => [row.dealId, row.brandId]).sort()).toEqual(
      [
        [one, brand.id],
        [two, brand.id],
      ].sort(),
    );
    const rows = await db.select().from(notifications).where(eq(notifications.userId, influencer.id));
    expect(rows.map((row) => ({ type: row.type, dealId: row.dealId, senderId: row.senderId }))).toEqual(
      expect.arrayContaining([
        { type: "invitation", dealId: one, senderId: brand.id },
        { type: "invitation", dealId: two, senderId: brand.id },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("ignores unusable campaigns beside a usable one", async () => {
    const { brand, caller } = await brandCaller();
    const other = await createBrand(db);
    const influencer = await createInfluencer(db);
    const open = await campaign(brand.id);
    const paused = await campaign(brand.id, { paused: true });
    const foreign = await campaign(other.id);
    expect(await caller.influencers.invite({ id: influencer.id, campaigns: [open, paused, foreign] })).toEqual({
      invited: [open],
    });
    expect(await invitationsOf(influencer.id)).toHaveLength(1);
  });

  it.each([
    ["paused", { paused: true }],
    ["closed", { deadlineDays: -1 }],
    ["deleted", { deleted: true }],
  ] as const)("refuses a %s campaign with no_campaigns", async (_, options) => {
    const { brand, caller } = await brandCaller();
    const influencer = await createInfluencer(db);
    const id = await campaign(brand.id, options);
    expect(await callFailure(caller.influencers.invite({ id: influencer.id, campaigns: [id] }))).toMatchObject({
      code: "CONFLICT",
      reason: "no_campaigns",
    });
    expect(await invitationsOf(influencer.id)).toHaveLength(0);
  });

  it("refuses another brand's campaign and unknown ids with no_campaigns", async () => {
    const { caller } = await brandCaller();
    const other = await createBrand(db);
    const influencer = await createInfluencer(db);
    const foreign = await campaign(other.id);
    expect(
      await callFailure(caller.influencers.invite({ id: influencer.id, campaigns: [foreign, 999_999] })),
    ).toMatchObject({ reason: "no_campaigns" });
    expect(await invitationsOf(influencer.id)).toHaveLength(0);
  });

  it.each(["NONE", "KO"] as const)("refuses a campaign under review status %s with not_approved", async (status) => {
    const { brand, caller } = await brandCaller();
    const influencer = await createInfluencer(db);
    const approved = await campaign(brand.id);
    const unapproved = await campaign(brand.id, { reviewStatus: status });
    expect(
      await callFailure(caller.influencers.invite({ id: influencer.id, campaigns: [approved, unapproved] })),
    ).toMatchObject({ code: "CONFLICT", reason: "not_approved" });
    expect(await invitationsOf(influencer.id)).toHaveLength(0);
    expect(await db.select().from(notifications).where(eq(notifications.userId, influencer.id))).toHaveLength(0);
  });

  it("answers unauthorized to visitors, forbidden to influencers, not_found for an unknown influencer", async () => {
    const { brand, caller } = await brandCaller();
    const influencer = await createInfluencer(db);
    const id = await campaign(brand.id);
    expect(
      await callFailure((await callerFor(db)).influencers.invite({ id: influencer.id, campaigns: [id] })),
    ).toMatchObject({ code: "UNAUTHORIZED", reason: "unauthorized" });
    const asInfluencer = await callerFor(db, { userId: influencer.id });
    expect(await callFailure(asInfluencer.influencers.invite({ id: influencer.id, campaigns: [id] }))).toMatchObject({
      code: "FORBIDDEN",
      reason: "forbidden",
    });
    expect(await callFailure(caller.influencers.invite({ id: brand.id, campaigns: [id] }))).toMatchObject({
      reason: "not_found",
    });
    expect(await callFailure(caller.influencers.invite({ id: influencer.id, campaigns: [] }))).toMatchObject({
      reason: "invalid",
    });
  });
});

describe("admin.flagInfluencer", () => {
  it("KO flags FAKE, OK clears to GOOD, each audited", async () => {
    const admin = await createAdminUser(db);
    const brand = await createBrand(db);
    const influencer = await createInfluencer(db);
    const asAdmin = await callerFor(db, { userId: brand.id, impersonatorId: admin.id }, clock);
    expect(await asAdmin.admin.flagInfluencer({ id: influencer.id, decision: "KO" })).toEqual({
      id: influencer.id,
      status: "FAKE",
    });
    const flagged = await db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, influencer.id));
    expect(flagged[0]?.maybeFake).toBe(true);
    expect((await asAdmin.influencers.get({ id: influencer.id })).maybeFake).toBe(true);
    expect(
      await asAdmin.admin.flagInfluencer({ id: encodeSearchId(DEV_SEARCH_ID_SECRET, influencer.id), decision: "OK" }),
    ).toEqual({
      id: influencer.id,
      status: "GOOD",
    });
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, "influencer"), eq(adminAuditLog.targetId, String(influencer.id))))
      .orderBy(adminAuditLog.id);
    expect(audit).toEqual([
      expect.objectContaining({
        adminId: admin.id,
        impersonatedUserId: brand.id,
        action: "influencer_flag",
        details: expect.objectContaining({ from: "GOOD", to: "FAKE" }),
        createdAt: clock.now(),
      }),
      expect.objectContaining({ action: "influencer_flag", details: { from: "FAKE", to: "GOOD" } }),
    ]);
  });

  it("is forbidden without impersonation and not_found for an unknown influencer", async () => {
    const admin = await createAdminUser(db);
    const influencer = await createInfluencer(db);
    const asAdminItself = await callerFor(db, { userId: admin.id });
    expect(await callFailure(asAdminItself.admin.flagInfluencer({ id: influencer.id, decision: "KO" }))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(
      await callFailure((await callerFor(db)).admin.flagInfluencer({ id: influencer.id, decision: "KO" })),
    ).toMatchObject({ code: "UNAUTHORIZED" });
    const asAdmin = await callerFor(db, { userId: influencer.id, impersonatorId: admin.id });
    expect(await callFailure(asAdmin.admin.flagInfluencer({ id: 999_999, decision: "OK" }))).toMatchObject({
      reason: "not_found",
    });
    const [row] = await db.select().from(influencerProfiles).where(eq(influencerProfiles.userId, influencer.id));
    expect(row?.maybeFake).toBe(false);
  });
});
