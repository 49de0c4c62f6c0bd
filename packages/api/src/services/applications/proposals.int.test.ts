import { DAY_MS } from "@market/contracts";

const ORGANIC = { kind: "organic" } as const;

import {
  applicationPrices,
  applications,
  chatMessages,
  type Db,
  deals,
  eq,
  influencerProfiles,
  networks,
  notifications,
} from "@market/db";
import { statementCounter, testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import { callerFor, callFailure, campaignBody, createAdminUser, createBrand, createInfluencer } from "../../testing";
import { getDeal } from "../deals/read-deals";
import { memoryFileStore } from "../files/memory-file-store";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const store = memoryFileStore();

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const as = (userId: number, impersonatorId?: number) =>
  callerFor(db, impersonatorId === undefined ? { userId } : { userId, impersonatorId }, clock, noSessionCookie, store);
const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY_MS);

/** A brand's campaign asking for instagram and youtube, 30 days ahead. */
async function campaign(overrides: Record<string, unknown> = {}) {
  const brand = await createBrand(db, { brandName: "Proposal Brand" });
  const { id } = await (await as(brand.id)).deals.create(campaignBody(clock, overrides));
  return { brand, dealId: id };
}

/** An influencer with verified instagram (10,000) and youtube (50,000) networks, and a twitter one. */
async function influencer() {
  const user = await createInfluencer(db, {
    networks: [
      { type: "instagram", followers: 10_000 },
      { type: "youtube", followers: 50_000 },
      { type: "twitter", followers: 8_000 },
    ],
  });
  const rows = await db.select().from(networks).where(eq(networks.userId, user.id));
  const idOf = (type: string) => rows.find((row) => row.type === type)?.id as number;
  return {
    user,
    caller: await as(user.id),
    instagram: idOf("instagram"),
    youtube: idOf("youtube"),
    twitter: idOf("twitter"),
  };
}

const proposal = (dealId: number, networkId: number, extra: Record<string, unknown> = {}) => ({
  dealId,
  text: "  I would love to run this  ",
  expiration: inDays(60),
  prices: [{ networkId, price: "$1,250", creationDays: 5 }],
  ...extra,
});

describe("applications.create", () => {
  it("creates a WAITING application with snapshot prices, the first chat message and the brand's notification", async () => {
    const { brand, dealId } = await campaign();
    const me = await influencer();
    const result = await me.caller.applications.create(
      proposal(dealId, me.instagram, {
        prices: [
          { networkId: me.instagram, price: "$1,250", creationDays: 5 },
          { networkId: me.youtube, price: 25, creationDays: "3" },
        ],
      }),
    );
    expect(result.status).toBe("WAITING");
    expect(result.prices).toEqual([
      {
        network: "instagram",
        networkId: me.instagram,
        reach: 10_000,
        price: 1250,
        creationDays: 5,
        link: null,
        usageRights: ORGANIC,
      },
      {
        network: "youtube",
        networkId: me.youtube,
        reach: 50_000,
        price: 25,
        creationDays: 3,
        link: null,
        usageRights: ORGANIC,
      },
    ]);
    const [row] = await db.select().from(applications).where(eq(applications.id, result.id));
    expect(row).toMatchObject({
      dealId,
      influencerId: me.user.id,
      brandId: brand.id,
      status: "WAITING",
      text: "I would love to run this",
      expiration: inDays(60),
    });
    const prices = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, result.id));
    expect(
      prices.map((price) => [price.networkType, price.priceCents, price.creationDays, price.reach]).sort(),
    ).toEqual([
      ["instagram", 125_000, 5, 10_000],
      ["youtube", 2_500, 3, 50_000],
    ]);
    const messages = await db.select().from(chatMessages).where(eq(chatMessages.applicationId, result.id));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ senderId: me.user.id, type: "text", text: "I would love to run this" });
    const notes = await db.select().from(notifications).where(eq(notifications.applicationId, result.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ userId: brand.id, type: "application", dealId, senderId: me.user.id });
    // The average fee search column follows the new proposal: its total, 125,000 + 2,500 cents.
    const [profile] = await db
      .select({ averageFeeCents: influencerProfiles.averageFeeCents })
      .from(influencerProfiles)
      .where(eq(influencerProfiles.userId, me.user.id));
    expect(profile?.averageFeeCents).toBe(127_500);
  });

  it("refuses a price of 24 on its field and accepts 25", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const low = await callFailure(
      me.caller.applications.create(
        proposal(dealId, me.instagram, { prices: [{ networkId: me.instagram, price: 24, creationDays: 2 }] }),
      ),
    );
    expect(low).toMatchObject({ code: "BAD_REQUEST", reason: "invalid", issues: ["prices.0.price"] });
    const ok = await me.caller.applications.create(
      proposal(dealId, me.instagram, { prices: [{ networkId: me.instagram, price: 25, creationDays: 2 }] }),
    );
    expect(ok.prices[0]?.price).toBe(25);
  });

  it("requires creationDays with a price and a priced line", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const noDays = await callFailure(
      me.caller.applications.create(
        proposal(dealId, me.instagram, { prices: [{ networkId: me.instagram, price: 30 }] }),
      ),
    );
    expect(noDays).toMatchObject({ reason: "invalid", issues: ["prices.0.creationDays"] });
    const empty = await callFailure(
      me.caller.applications.create(
        proposal(dealId, me.instagram, { prices: [{ networkId: me.instagram, price: "", creationDays: "" }] }),
      ),
    );
    expect(empty).toMatchObject({ reason: "invalid", issues: ["prices"] });
  });

  it("answers missing_parameters when a required field is absent", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    for (const field of ["dealId", "text", "expiration", "prices"]) {
      const body: Record<string, unknown> = proposal(dealId, me.instagram);
      delete body[field];
      const failure = await callFailure(me.caller.applications.create(body as never));
      expect(failure, field).toMatchObject({ code: "BAD_REQUEST", reason: "missing_parameters" });
    }
    expect(
      await callFailure(me.caller.applications.create(proposal(dealId, me.instagram, { text: "  " }))),
    ).toMatchObject({
      reason: "missing_parameters",
    });
  });

  it("refuses a paused deal (paused), a closed one (closed), a past expiration (expired)", async () => {
    const me = await influencer();
    const paused = await campaign();
    await db.update(deals).set({ paused: true }).where(eq(deals.id, paused.dealId));
    expect(await callFailure(me.caller.applications.create(proposal(paused.dealId, me.instagram)))).toMatchObject({
      code: "CONFLICT",
      reason: "paused",
    });
    const closed = await campaign();
    await db.update(deals).set({ deadline: clock.now() }).where(eq(deals.id, closed.dealId));
    expect(await callFailure(me.caller.applications.create(proposal(closed.dealId, me.instagram)))).toMatchObject({
      reason: "closed",
    });
    const open = await campaign();
    for (const expiration of [clock.now(), inDays(-1)]) {
      expect(
        await callFailure(me.caller.applications.create(proposal(open.dealId, me.instagram, { expiration }))),
      ).toMatchObject({ reason: "expired" });
    }
    const written = await db.select().from(applications).where(eq(applications.influencerId, me.user.id));
    expect(written).toHaveLength(0);
  });

  it("answers not_found for a deleted, rejected or unknown deal", async () => {
    const me = await influencer();
    const deleted = await campaign();
    await db.update(deals).set({ deletedAt: clock.now() }).where(eq(deals.id, deleted.dealId));
    const rejected = await campaign();
    await db.update(deals).set({ reviewStatus: "KO" }).where(eq(deals.id, rejected.dealId));
    for (const dealId of [deleted.dealId, rejected.dealId, 999_999]) {
      expect(await callFailure(me.caller.applications.create(proposal(dealId, me.instagram)))).toMatchObject({
        code: "NOT_FOUND",
        reason: "not_found",
      });
    }
  });

  it("applies only with own, verified, non-conflicting networks of a type the deal asks for", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const other = await influencer();
    const unverified = await influencer();
    await db.update(networks).set({ isVerified: false }).where(eq(networks.id, unverified.instagram));
    const conflicting = await influencer();
    await db.update(networks).set({ isConflicting: true }).where(eq(networks.id, conflicting.youtube));
    const cases = [
      { who: me, networkId: me.twitter }, // twitter: the deal asks for instagram and youtube
      { who: me, networkId: other.instagram }, // someone else's network
      { who: unverified, networkId: unverified.instagram },
      { who: conflicting, networkId: conflicting.youtube },
    ];
    for (const { who, networkId } of cases) {
      const failure = await callFailure(who.caller.applications.create(proposal(dealId, networkId)));
      expect(failure).toMatchObject({ code: "BAD_REQUEST", reason: "invalid", issues: ["prices.0.networkId"] });
    }
    // A refused line refuses the whole proposal, even beside a good one.
    const mixed = await callFailure(
      me.caller.applications.create(
        proposal(dealId, me.instagram, {
          prices: [
            { networkId: me.instagram, price: 40, creationDays: 2 },
            { networkId: me.twitter, price: 40, creationDays: 2 },
          ],
        }),
      ),
    );
    expect(mixed).toMatchObject({ reason: "invalid", issues: ["prices.1.networkId"] });
    expect(await db.select().from(applications).where(eq(applications.dealId, dealId))).toHaveLength(0);
  });

  it("refuses a second application to the same deal (conflict)", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    await me.caller.applications.create(proposal(dealId, me.instagram));
    expect(await callFailure(me.caller.applications.create(proposal(dealId, me.youtube)))).toMatchObject({
      code: "CONFLICT",
      reason: "conflict",
    });
    expect(await db.select().from(applications).where(eq(applications.dealId, dealId))).toHaveLength(1);
  });

  it("lets one of two concurrent first proposals through; the other is a conflict", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const twin = await as(me.user.id);
    const outcomes = await Promise.allSettled([
      me.caller.applications.create(proposal(dealId, me.instagram)),
      twin.applications.create(proposal(dealId, me.youtube)),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect(await callFailure(Promise.reject(refused?.reason))).toMatchObject({ code: "CONFLICT", reason: "conflict" });
    expect(await db.select().from(applications).where(eq(applications.dealId, dealId))).toHaveLength(1);
  });

  it("lets only influencers apply: brands forbidden, visitors unauthorized", async () => {
    const { brand, dealId } = await campaign();
    const me = await influencer();
    expect(await callFailure((await as(brand.id)).applications.create(proposal(dealId, me.instagram)))).toMatchObject({
      code: "FORBIDDEN",
      reason: "forbidden",
    });
    expect(
      await callFailure((await callerFor(db, null, clock)).applications.create(proposal(dealId, me.instagram))),
    ).toMatchObject({
      code: "UNAUTHORIZED",
      reason: "unauthorized",
    });
  });

  it("records the impersonating admin on the chat message", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const admin = await createAdminUser(db);
    const result = await (await as(me.user.id, admin.id)).applications.create(proposal(dealId, me.instagram));
    const [message] = await db.select().from(chatMessages).where(eq(chatMessages.applicationId, result.id));
    expect(message).toMatchObject({ senderId: me.user.id, impersonatorId: admin.id });
  });
});

describe("applications.update", () => {
  async function applied() {
    const { brand, dealId } = await campaign();
    const me = await influencer();
    const created = await me.caller.applications.create(proposal(dealId, me.instagram));
    return { brand, dealId, me, id: created.id };
  }
  const update = (id: number, networkId: number, extra: Record<string, unknown> = {}) => ({
    id,
    expiration: inDays(60),
    prices: [{ networkId, price: "$1,250", creationDays: 5 }],
    ...extra,
  });

  it("sends its reads together and its writes together (issue 33), and answers the prices it wrote", async () => {
    const { me, id } = await applied();
    const counting = statementCounter(testDb.handle);
    const caller = await callerFor(counting.db, { userId: me.user.id }, clock, noSessionCookie, store);
    counting.reset();
    const result = await caller.applications.update(
      update(id, me.instagram, {
        prices: [
          { networkId: me.instagram, price: 900, creationDays: 4 },
          { networkId: me.youtube, price: 300, creationDays: 6 },
        ],
      }),
    );
    expect(result.prices.map((price) => [price.network, price.price])).toEqual([
      ["instagram", 900],
      ["youtube", 300],
    ]);
    const [row] = await db
      .select({ totalPriceCents: applications.totalPriceCents })
      .from(applications)
      .where(eq(applications.id, id));
    expect(row?.totalPriceCents).toBe(120_000);
    // The row locked; the deal, the prices and the networks; the six writes; the prices read back; the
    // notification's locks and insert; its NOTIFY with the look-up of the webhook endpoints its event concerns.
    expect(counting.statements()).toBe(16);
    if (testDatabaseUrl) expect(counting.turns()).toBe(6);
  });

  it("updates prices and expiration, narrates the price change and notifies the brand", async () => {
    const { brand, dealId, me, id } = await applied();
    const result = await me.caller.applications.update(
      update(id, me.instagram, {
        expiration: inDays(70),
        prices: [
          { networkId: me.instagram, price: 900, creationDays: 4 },
          { networkId: me.youtube, price: 300, creationDays: 6 },
        ],
      }),
    );
    expect(result).toMatchObject({ id, status: "WAITING", expiration: inDays(70) });
    expect(result.prices.map((price) => [price.network, price.price, price.creationDays])).toEqual([
      ["instagram", 900, 4],
      ["youtube", 300, 6],
    ]);
    const messages = await db.select().from(chatMessages).where(eq(chatMessages.applicationId, id));
    const priceUpdate = messages.find((message) => message.type === "price_update");
    expect(priceUpdate?.payload).toEqual({
      type: "price_update",
      changes: [
        {
          network: "instagram",
          old: { network: "instagram", priceCents: 125_000, creationDays: 5, usageRights: ORGANIC },
          new: { network: "instagram", priceCents: 90_000, creationDays: 4, usageRights: ORGANIC },
        },
        {
          network: "youtube",
          old: null,
          new: { network: "youtube", priceCents: 30_000, creationDays: 6, usageRights: ORGANIC },
        },
      ],
    });
    const [profile] = await db
      .select({ averageFeeCents: influencerProfiles.averageFeeCents })
      .from(influencerProfiles)
      .where(eq(influencerProfiles.userId, me.user.id));
    expect(profile?.averageFeeCents).toBe(120_000);
    const notes = await db.select().from(notifications).where(eq(notifications.applicationId, id));
    expect(notes.map((note) => [note.type, note.userId, note.dealId, note.senderId])).toEqual(
      expect.arrayContaining([["application_update", brand.id, dealId, me.user.id]]),
    );
  });

  it("answers no_change when nothing differs; an expiration alone is a change", async () => {
    const { me, id } = await applied();
    expect(await callFailure(me.caller.applications.update(update(id, me.instagram)))).toMatchObject({
      code: "CONFLICT",
      reason: "no_change",
    });
    const moved = await me.caller.applications.update(update(id, me.instagram, { expiration: inDays(61) }));
    expect(moved.expiration).toEqual(inDays(61));
    const messages = await db.select().from(chatMessages).where(eq(chatMessages.applicationId, id));
    expect(messages.filter((message) => message.type === "price_update")).toHaveLength(0);
  });

  it("refuses a price of 24, an unverified network and a past expiration", async () => {
    const { me, id } = await applied();
    expect(
      await callFailure(
        me.caller.applications.update(
          update(id, me.instagram, { prices: [{ networkId: me.instagram, price: 24, creationDays: 1 }] }),
        ),
      ),
    ).toMatchObject({ reason: "invalid", issues: ["prices.0.price"] });
    await db.update(networks).set({ isVerified: false }).where(eq(networks.id, me.youtube));
    expect(
      await callFailure(
        me.caller.applications.update(
          update(id, me.youtube, { prices: [{ networkId: me.youtube, price: 50, creationDays: 1 }] }),
        ),
      ),
    ).toMatchObject({ reason: "invalid", issues: ["prices.0.networkId"] });
    expect(
      await callFailure(me.caller.applications.update(update(id, me.instagram, { expiration: inDays(-1) }))),
    ).toMatchObject({
      reason: "expired",
    });
    expect(await callFailure(me.caller.applications.update({ id } as never))).toMatchObject({
      reason: "missing_parameters",
    });
  });

  it("changes only a WAITING proposal (closed otherwise)", async () => {
    const { me, id } = await applied();
    await db.update(applications).set({ status: "PROGRESS" }).where(eq(applications.id, id));
    expect(await callFailure(me.caller.applications.update(update(id, me.youtube)))).toMatchObject({
      reason: "closed",
    });
  });

  it("hides the application from anyone but its influencer", async () => {
    const { brand, me, id } = await applied();
    const stranger = await influencer();
    expect(await callFailure(stranger.caller.applications.update(update(id, stranger.instagram)))).toMatchObject({
      code: "NOT_FOUND",
      reason: "not_found",
    });
    expect(await callFailure((await as(brand.id)).applications.update(update(id, me.youtube)))).toMatchObject({
      reason: "forbidden",
    });
    expect(
      await callFailure((await callerFor(db, null, clock)).applications.update(update(id, me.youtube))),
    ).toMatchObject({
      reason: "unauthorized",
    });
    const [row] = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, id));
    expect(row?.priceCents).toBe(125_000);
  });
});

describe("deals.get for an influencer", () => {
  it("shows open, paused and closed deals with the influencer's own application only", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const other = await influencer();
    const before = await me.caller.deals.get({ id: dealId });
    expect(before).toMatchObject({ id: dealId, status: "open", application: null });
    await other.caller.applications.create(proposal(dealId, other.youtube));
    const created = await me.caller.applications.create(proposal(dealId, me.instagram));
    const mine = await me.caller.deals.get({ id: dealId });
    expect(mine.application).toEqual({
      id: created.id,
      status: "WAITING",
      deniedReason: null,
      expiration: inDays(60),
      refund: null,
      prices: [
        {
          network: "instagram",
          networkId: me.instagram,
          reach: 10_000,
          price: 1250,
          creationDays: 5,
          link: null,
          usageRights: ORGANIC,
        },
      ],
    });
    const theirs = await other.caller.deals.get({ id: dealId });
    expect(theirs.application?.id).not.toBe(created.id);
    await db.update(deals).set({ paused: true }).where(eq(deals.id, dealId));
    expect((await me.caller.deals.get({ id: dealId })).status).toBe("paused");
    await db
      .update(deals)
      .set({ deadline: inDays(-1) })
      .where(eq(deals.id, dealId));
    expect(await me.caller.deals.get({ id: dealId })).toMatchObject({ status: "closed", remainingDuration: 0 });
  });

  it("reads the deal with the influencer's application and its prices in one statement", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    await me.caller.applications.create(proposal(dealId, me.instagram));
    const counting = statementCounter(testDb.handle);
    const viewer = {
      sessionId: "s",
      userId: me.user.id,
      kind: "influencer" as const,
      username: "u",
      impersonatorId: null,
    };
    const view = await getDeal({ db: counting.db, clock }, viewer, dealId);
    expect(view.application?.prices).toHaveLength(1);
    expect(view).not.toHaveProperty("applicants");
    expect(counting.statements()).toBe(1);
  });

  it("reads the influencer's proposal past its expiration as DENIED, EXPIRED, before the sweep writes it", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    await me.caller.applications.create(proposal(dealId, me.instagram, { expiration: inDays(1) }));
    clock.advance(DAY_MS);
    try {
      const shown = await me.caller.deals.get({ id: dealId });
      expect(shown.application).toMatchObject({ status: "DENIED", deniedReason: "EXPIRED", expiration: inDays(0) });
    } finally {
      clock.advance(-DAY_MS);
    }
  });

  it("leaves out the applicant count, which the brand and an admin acting as the influencer see", async () => {
    const { brand, dealId } = await campaign();
    const me = await influencer();
    const other = await influencer();
    await other.caller.applications.create(proposal(dealId, other.youtube));
    const shown = await me.caller.deals.get({ id: dealId });
    expect(shown).not.toHaveProperty("applicants");
    const admin = await createAdminUser(db);
    expect((await (await as(me.user.id, admin.id)).deals.get({ id: dealId })).applicants).toBe(1);
    expect((await (await as(brand.id)).deals.get({ id: dealId })).applicants).toBe(1);
  });

  it("answers not_found for a deleted or rejected deal", async () => {
    const me = await influencer();
    const deleted = await campaign();
    await db.update(deals).set({ deletedAt: clock.now() }).where(eq(deals.id, deleted.dealId));
    const rejected = await campaign();
    await db.update(deals).set({ reviewStatus: "KO" }).where(eq(deals.id, rejected.dealId));
    for (const dealId of [deleted.dealId, rejected.dealId]) {
      expect(await callFailure(me.caller.deals.get({ id: dealId }))).toMatchObject({ reason: "not_found" });
    }
  });

  it("still hides another brand's campaign from a brand", async () => {
    const { dealId } = await campaign();
    const other = await createBrand(db);
    expect(await callFailure((await as(other.id)).deals.get({ id: dealId }))).toMatchObject({ reason: "not_found" });
  });
});

describe("usage rights in proposals (issue 37)", () => {
  const licensed = { kind: "licensed", months: 6, territory: ["FR", "de"] };

  it("stores each line's rights, answers them, and reads a line without any as organic", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const result = await me.caller.applications.create(
      proposal(dealId, me.instagram, {
        prices: [
          { networkId: me.instagram, price: 400, creationDays: 5, usageRights: licensed },
          { networkId: me.youtube, price: 300, creationDays: 3 },
        ],
      }),
    );
    expect(result.prices.map((line) => [line.network, line.usageRights])).toEqual([
      ["instagram", { kind: "licensed", months: 6, territory: ["de", "fr"] }],
      ["youtube", ORGANIC],
    ]);
    const rows = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, result.id));
    expect(rows.find((row) => row.networkType === "instagram")?.usageRights).toEqual({
      kind: "licensed",
      months: 6,
      territory: ["de", "fr"],
    });
  });

  it("refuses bad rights with their field paths, and writes nothing", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const bad = [
      [{ kind: "licensed", months: 25, territory: "worldwide" }, "prices.0.usageRights.months"],
      [{ kind: "licensed", months: 6, territory: ["fr", "zz"] }, "prices.0.usageRights.territory.1"],
      [{ kind: "whitelisting" }, "prices.0.usageRights.months"],
      [{ kind: "exclusive" }, "prices.0.usageRights.kind"],
    ] as const;
    for (const [usageRights, path] of bad) {
      const failure = await callFailure(
        me.caller.applications.create(
          proposal(dealId, me.instagram, {
            prices: [{ networkId: me.instagram, price: 400, creationDays: 5, usageRights }],
          }),
        ),
      );
      expect(failure.reason).toBe("invalid");
      expect(failure.issues).toEqual([path]);
    }
    expect(await db.select().from(applications).where(eq(applications.dealId, dealId))).toEqual([]);
  });

  it("an update that changes only the rights is a change: stored, and told in the chat's price_update", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const created = await me.caller.applications.create(proposal(dealId, me.instagram));
    const whitelisting = { kind: "whitelisting", months: 3 } as const;
    const updated = await me.caller.applications.update({
      id: created.id,
      expiration: created.expiration,
      prices: [{ networkId: me.instagram, price: 1250, creationDays: 5, usageRights: whitelisting }],
    });
    expect(updated.prices[0]?.usageRights).toEqual(whitelisting);
    const messages = await db.select().from(chatMessages).where(eq(chatMessages.applicationId, created.id));
    const update = messages.find((message) => message.type === "price_update");
    expect(update?.payload).toEqual({
      type: "price_update",
      changes: [
        {
          network: "instagram",
          old: { network: "instagram", priceCents: 125_000, creationDays: 5, usageRights: ORGANIC },
          new: { network: "instagram", priceCents: 125_000, creationDays: 5, usageRights: whitelisting },
        },
      ],
    });
    // The same rights again: nothing changes (no_change).
    const same = await callFailure(
      me.caller.applications.update({
        id: created.id,
        expiration: created.expiration,
        prices: [{ networkId: me.instagram, price: 1250, creationDays: 5, usageRights: whitelisting }],
      }),
    );
    expect(same.reason).toBe("no_change");
  });

  it("a refused update keeps the rights as they were", async () => {
    const { dealId } = await campaign();
    const me = await influencer();
    const created = await me.caller.applications.create(
      proposal(dealId, me.instagram, {
        prices: [{ networkId: me.instagram, price: 400, creationDays: 5, usageRights: licensed }],
      }),
    );
    const failure = await callFailure(
      me.caller.applications.update({
        id: created.id,
        expiration: created.expiration,
        prices: [
          { networkId: me.instagram, price: 400, creationDays: 5, usageRights: { kind: "whitelisting", months: 0 } },
        ],
      }),
    );
    expect(failure).toMatchObject({ reason: "invalid", issues: ["prices.0.usageRights.months"] });
    const [row] = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, created.id));
    expect(row?.usageRights).toEqual({ kind: "licensed", months: 6, territory: ["de", "fr"] });
  });

  it("the brand's change request may ask for other rights alone; the chat names them", async () => {
    const { brand, dealId } = await campaign();
    const me = await influencer();
    const created = await me.caller.applications.create(proposal(dealId, me.instagram));
    const brandCaller = await as(brand.id);
    const asked = { kind: "licensed", months: 12, territory: "worldwide" } as const;
    await brandCaller.applications.requestChanges({
      id: created.id,
      prices: [{ network: "instagram", price: 1250, usageRights: asked }],
    });
    const messages = await db.select().from(chatMessages).where(eq(chatMessages.applicationId, created.id));
    expect(messages.find((message) => message.type === "change_request")?.payload).toEqual({
      type: "change_request",
      prices: [{ network: "instagram", priceCents: 125_000, creationDays: 5, usageRights: asked }],
    });
    // The proposal itself is unchanged until the influencer updates it.
    const [row] = await db.select().from(applicationPrices).where(eq(applicationPrices.applicationId, created.id));
    expect(row?.usageRights).toEqual(ORGANIC);
    // Asking for the rights it already has is no change.
    const same = await callFailure(
      brandCaller.applications.requestChanges({
        id: created.id,
        prices: [{ network: "instagram", price: 1250, usageRights: ORGANIC }],
      }),
    );
    expect(same.reason).toBe("no_change");
  });
});
