import { type CampaignInput, DAY_MS, MINUTE_MS } from "@market/contracts";
import { applications, type Db, dealImages, deals, eq, files } from "@market/db";
import { statementCounter, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import {
  applyTo,
  callerFor,
  callFailure,
  campaignBody,
  createAdminUser,
  createBrand,
  createInfluencer,
  uploadImages,
} from "../../testing";
import { memoryFileStore } from "../files/memory-file-store";
import { myCampaigns } from "./read-deals";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const store = memoryFileStore();
const deps = () => ({ db, clock, files: store });

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const as = (userId: number, impersonatorId?: number) =>
  callerFor(db, impersonatorId === undefined ? { userId } : { userId, impersonatorId }, clock, noSessionCookie, store);

/** A brand with its caller. */
async function brand(name?: string) {
  const user = await createBrand(db, name ? { brandName: name } : {});
  return { user, caller: await as(user.id) };
}

async function dealRow(id: number) {
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  if (!row) throw new Error("no deal");
  return row;
}

async function imagesOf(dealId: number) {
  const rows = await db.select().from(dealImages).where(eq(dealImages.dealId, dealId)).orderBy(dealImages.position);
  return rows.map((row) => row.fileId);
}

describe("deals.create", () => {
  it("creates the campaign with its images in order, waiting for review", async () => {
    const { user, caller } = await brand("Acme Shoes");
    const images = await uploadImages(deps(), user.id, 3);
    const body = campaignBody(clock, {
      title: "  Spring run  ",
      images: [images[2], images[0], images[1]],
      extras: ["discount", "free"],
      eDiscount: " 15 % off ",
      eFree: "A pair of socks",
      eGiveaway: "typed, then the extra was unticked",
    });
    const { id } = await caller.deals.create(body);
    const row = await dealRow(id);
    expect(row).toMatchObject({
      userId: user.id,
      title: "Spring run",
      reviewStatus: "NONE",
      paused: false,
      eDiscount: "15 % off",
      eFree: "A pair of socks",
      eGiveaway: null,
      createdAt: clock.now(),
      updatedAt: clock.now(),
      deletedAt: null,
    });
    expect(await imagesOf(id)).toEqual([images[2], images[0], images[1]]);

    const view = await caller.deals.get({ id });
    expect(view).toMatchObject({
      id,
      title: "Spring run",
      author: "Acme Shoes",
      status: "open",
      remainingDuration: 30 * DAY_MS,
      isNew: true,
      applicants: 0,
      reviewStatus: "NONE",
      badReview: true,
      extras: ["discount", "free"],
      eGiveaway: "",
      aCountries: ["us", "gb"],
    });
    expect(view.images).toEqual(
      [images[2], images[0], images[1]].map((fileId) => ({ id: fileId, url: `/files/${fileId}` })),
    );
  });

  it("refuses a deadline now or in the past with an issue on the deadline", async () => {
    const { caller } = await brand();
    for (const deadline of [clock.now(), new Date(clock.now().getTime() - 1)]) {
      expect(await callFailure(caller.deals.create(campaignBody(clock, { deadline })))).toEqual({
        code: "BAD_REQUEST",
        reason: "invalid",
        issues: ["deadline"],
      });
    }
    await expect(
      caller.deals.create(campaignBody(clock, { deadline: new Date(clock.now().getTime() + 1) })),
    ).resolves.toEqual({ id: expect.any(Number) });
  });

  it.each<[string, Partial<Record<keyof CampaignInput, unknown>>]>([
    ["networks", { networks: [] }],
    ["title", { title: "  " }],
    ["link", { link: "not a link" }],
    ["category", { category: "all" }],
    ["price", { price: "free" }],
    ["deadline", { deadline: "soon" }],
    ["aAbout", { aAbout: "" }],
    ["aCountries", { aCountries: [] }],
    ["aLanguages", { aLanguages: ["xx"] }],
    ["description", { description: "" }],
    ["images", { images: ["a", "b", "c", "d"] }],
    ["eGiveaway", { extras: ["giveaway"], eGiveaway: "" }],
  ])("refuses a bad %s as invalid, writing nothing", async (field, override) => {
    const { user, caller } = await brand();
    const failure = await callFailure(caller.deals.create(campaignBody(clock, override)));
    expect(failure.reason).toBe("invalid");
    expect(failure.issues[0]?.split(".")[0]).toBe(field);
    expect(await db.select().from(deals).where(eq(deals.userId, user.id))).toEqual([]);
  });

  it("takes only deal images the brand uploaded and no other deal holds", async () => {
    const { user, caller } = await brand();
    const other = await brand();
    const [mine, alsoMine] = await uploadImages(deps(), user.id, 2);
    const [theirs] = await uploadImages(deps(), other.user.id, 1);
    const [picture] = await db
      .insert(files)
      .values({
        ownerId: user.id,
        purpose: "picture",
        storageKey: `pictures/${crypto.randomUUID()}`,
        originalName: "me.png",
        contentType: "image/png",
        sizeBytes: 1,
        sha256: "x",
      })
      .returning({ id: files.id });
    const unknown = crypto.randomUUID();
    for (const images of [[theirs], [picture?.id], [unknown], [mine, theirs]]) {
      expect(await callFailure(caller.deals.create(campaignBody(clock, { images })))).toMatchObject({
        reason: "invalid",
        issues: ["images"],
      });
    }
    const { id } = await caller.deals.create(campaignBody(clock, { images: [mine] }));
    // Attached to the first deal, the image cannot go to a second one; nothing of the failed save stays.
    const before = (await db.select().from(deals).where(eq(deals.userId, user.id))).length;
    expect(await callFailure(caller.deals.create(campaignBody(clock, { images: [alsoMine, mine] })))).toMatchObject({
      reason: "invalid",
      issues: ["images"],
    });
    expect((await db.select().from(deals).where(eq(deals.userId, user.id))).length).toBe(before);
    expect(await imagesOf(id)).toEqual([mine]);
  });

  it("is for brands only", async () => {
    const influencer = await createInfluencer(db);
    expect(await callFailure((await as(influencer.id)).deals.create(campaignBody(clock)))).toMatchObject({
      code: "FORBIDDEN",
      reason: "forbidden",
    });
    expect(await callFailure((await callerFor(db, null, clock)).deals.create(campaignBody(clock)))).toMatchObject({
      code: "UNAUTHORIZED",
      reason: "unauthorized",
    });
  });
});

describe("deals.update", () => {
  async function ownDeal(overrides: Partial<Record<keyof CampaignInput, unknown>> = {}) {
    const owner = await brand();
    const { id } = await owner.caller.deals.create(campaignBody(clock, overrides));
    return { ...owner, id };
  }

  it("replaces the content and the images, keeping paused and the creation time", async () => {
    const { user, caller } = await brand();
    const [a, b, c] = await uploadImages(deps(), user.id, 3);
    const { id } = await caller.deals.create(campaignBody(clock, { images: [a, b] }));
    await caller.deals.pause({ id });
    clock.advance(MINUTE_MS);
    await caller.deals.update({ id, campaign: campaignBody(clock, { title: "New title", images: [c, a] }) });
    const row = await dealRow(id);
    expect(row).toMatchObject({ title: "New title", paused: true, updatedAt: clock.now() });
    expect(row.createdAt.getTime()).toBe(clock.now().getTime() - MINUTE_MS);
    expect(await imagesOf(id)).toEqual([c, a]);
    // The dropped image is free again for another campaign.
    const second = await caller.deals.create(campaignBody(clock, { images: [b] }));
    expect(await imagesOf(second.id)).toEqual([b]);
  });

  it("refuses a past deadline, leaving the campaign as it was", async () => {
    const { caller, id } = await ownDeal();
    const deadline = new Date(clock.now().getTime() - DAY_MS);
    expect(
      await callFailure(caller.deals.update({ id, campaign: campaignBody(clock, { title: "X", deadline }) })),
    ).toEqual({
      code: "BAD_REQUEST",
      reason: "invalid",
      issues: ["deadline"],
    });
    expect((await dealRow(id)).title).toBe("Summer launch");
  });

  it("reopens a closed campaign when its deadline moves ahead", async () => {
    const { caller, id } = await ownDeal({ deadline: new Date(clock.now().getTime() + DAY_MS) });
    clock.advance(2 * DAY_MS);
    expect((await caller.deals.get({ id })).status).toBe("closed");
    await caller.deals.update({ id, campaign: campaignBody(clock) });
    expect(await caller.deals.get({ id })).toMatchObject({ status: "open", remainingDuration: 30 * DAY_MS });
  });

  it("sends a reviewed campaign back to review when its content changes, not when only the deadline moves", async () => {
    for (const reviewStatus of ["OK", "KO"] as const) {
      const { caller, id } = await ownDeal();
      await db.update(deals).set({ reviewStatus }).where(eq(deals.id, id));
      const later = new Date(clock.now().getTime() + 40 * DAY_MS);
      await caller.deals.update({ id, campaign: campaignBody(clock, { deadline: later }) });
      expect((await dealRow(id)).reviewStatus).toBe(reviewStatus);
      await caller.deals.update({ id, campaign: campaignBody(clock, { deadline: later, aLanguages: ["en", "fr"] }) });
      expect((await dealRow(id)).reviewStatus).toBe("NONE");
    }
    const { user, caller, id } = await ownDeal();
    await db.update(deals).set({ reviewStatus: "OK" }).where(eq(deals.id, id));
    const [image] = await uploadImages(deps(), user.id, 1);
    await caller.deals.update({ id, campaign: campaignBody(clock, { images: [image] }) });
    expect((await dealRow(id)).reviewStatus).toBe("NONE");
  });

  it("answers not_found for another brand's, a deleted or an unknown campaign", async () => {
    const { id } = await ownDeal();
    const stranger = await brand();
    const gone = await ownDeal();
    await gone.caller.deals.remove({ id: gone.id });
    for (const [caller, dealId] of [
      [stranger.caller, id],
      [gone.caller, gone.id],
      [stranger.caller, 2_000_000_000],
    ] as const) {
      expect(await callFailure(caller.deals.update({ id: dealId, campaign: campaignBody(clock) }))).toMatchObject({
        code: "NOT_FOUND",
        reason: "not_found",
      });
    }
    expect((await dealRow(id)).userId).not.toBe(stranger.user.id);
  });

  it("refuses images of another deal of the same brand", async () => {
    const { user, caller } = await brand();
    const [first, second] = await uploadImages(deps(), user.id, 2);
    const one = await caller.deals.create(campaignBody(clock, { images: [first] }));
    const two = await caller.deals.create(campaignBody(clock, { images: [second] }));
    expect(
      await callFailure(
        caller.deals.update({ id: two.id, campaign: campaignBody(clock, { images: [second, first] }) }),
      ),
    ).toMatchObject({ reason: "invalid", issues: ["images"] });
    expect(await imagesOf(two.id)).toEqual([second]);
    expect(await imagesOf(one.id)).toEqual([first]);
  });
});

describe("deals.pause, deals.resume and deals.remove", () => {
  async function ownDeal(deadlineInDays = 30) {
    const owner = await brand();
    const { id } = await owner.caller.deals.create(
      campaignBody(clock, { deadline: new Date(clock.now().getTime() + deadlineInDays * DAY_MS) }),
    );
    return { ...owner, id };
  }

  it("pauses an open campaign and resumes a paused one, answering the campaign", async () => {
    const { caller, id } = await ownDeal();
    clock.advance(1_000);
    expect(await caller.deals.pause({ id })).toMatchObject({ id, status: "paused", paused: true });
    expect((await dealRow(id)).updatedAt).toEqual(clock.now());
    expect(await caller.deals.resume({ id })).toMatchObject({ id, status: "open", paused: false });
  });

  it("refuses to pause a paused campaign or resume an open one (conflict)", async () => {
    const { caller, id } = await ownDeal();
    expect(await callFailure(caller.deals.resume({ id }))).toMatchObject({ code: "CONFLICT", reason: "conflict" });
    await caller.deals.pause({ id });
    expect(await callFailure(caller.deals.pause({ id }))).toMatchObject({ code: "CONFLICT", reason: "conflict" });
    expect((await dealRow(id)).paused).toBe(true);
  });

  it("neither pauses nor resumes a closed campaign (closed)", async () => {
    const open = await ownDeal(1);
    const paused = await ownDeal(1);
    await paused.caller.deals.pause({ id: paused.id });
    clock.advance(DAY_MS);
    expect(await callFailure(open.caller.deals.pause({ id: open.id }))).toMatchObject({ reason: "closed" });
    expect(await callFailure(paused.caller.deals.resume({ id: paused.id }))).toMatchObject({ reason: "closed" });
    expect((await dealRow(open.id)).paused).toBe(false);
    expect((await dealRow(paused.id)).paused).toBe(true);
  });

  it("runs a double click once: one pause succeeds, the other conflicts", async () => {
    const { caller, id } = await ownDeal();
    const results = await Promise.allSettled([caller.deals.pause({ id }), caller.deals.pause({ id })]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((result) => result.status === "rejected");
    expect(await callFailure(Promise.reject(rejected?.reason))).toMatchObject({ reason: "conflict" });
  });

  it("deletes a campaign without applicants, open, paused or closed, and it disappears", async () => {
    const open = await ownDeal();
    const paused = await ownDeal();
    await paused.caller.deals.pause({ id: paused.id });
    const closed = await ownDeal(1);
    clock.advance(DAY_MS);
    for (const { caller, id } of [open, paused, closed]) {
      expect(await caller.deals.remove({ id })).toEqual({ id });
      expect((await dealRow(id)).deletedAt).toEqual(clock.now());
      expect(await caller.deals.mine()).toEqual([]);
      expect(await callFailure(caller.deals.get({ id }))).toMatchObject({ reason: "not_found" });
      for (const action of [caller.deals.pause, caller.deals.resume, caller.deals.remove]) {
        expect(await callFailure(action({ id }))).toMatchObject({ reason: "not_found" });
      }
    }
  });

  it("refuses to delete a campaign with any applicant (has_applicants)", async () => {
    const { user, caller, id } = await ownDeal();
    const influencer = await applyTo(db, { id, brandId: user.id }, clock.now());
    await db.update(applications).set({ status: "DENIED" }).where(eq(applications.influencerId, influencer.id));
    expect(await callFailure(caller.deals.remove({ id }))).toMatchObject({
      code: "CONFLICT",
      reason: "has_applicants",
    });
    expect((await dealRow(id)).deletedAt).toBeNull();
  });

  it("answers not_found to another brand for every action, changing nothing", async () => {
    const { id } = await ownDeal();
    const stranger = await brand();
    for (const action of [stranger.caller.deals.pause, stranger.caller.deals.resume, stranger.caller.deals.remove]) {
      expect(await callFailure(action({ id }))).toMatchObject({ code: "NOT_FOUND", reason: "not_found" });
    }
    expect(await callFailure(stranger.caller.deals.get({ id }))).toMatchObject({ reason: "not_found" });
    expect(await dealRow(id)).toMatchObject({ paused: false, deletedAt: null });
  });

  it("refuses influencers (forbidden) and visitors (unauthorized), and bad ids (invalid)", async () => {
    const { caller, id } = await ownDeal();
    const influencer = await as((await createInfluencer(db)).id);
    const visitor = await callerFor(db, null, clock);
    for (const name of ["pause", "resume", "remove"] as const) {
      expect(await callFailure(influencer.deals[name]({ id }))).toMatchObject({ reason: "forbidden" });
      expect(await callFailure(visitor.deals[name]({ id }))).toMatchObject({ reason: "unauthorized" });
      expect(await callFailure(caller.deals[name]({ id: -1 }))).toMatchObject({ reason: "invalid" });
    }
    expect(await callFailure(influencer.deals.mine())).toMatchObject({ reason: "forbidden" });
    // Influencers read deals (the deal page), with their own application only: see proposals.int.test.ts.
    expect((await influencer.deals.get({ id })).application).toBeNull();
    expect(await callFailure(visitor.deals.get({ id }))).toMatchObject({ reason: "unauthorized" });
  });
});

describe("deals.mine and deals.get", () => {
  it("lists the brand's live campaigns newest first with status, counts and images", async () => {
    const { user, caller } = await brand("Listed Brand");
    const [image] = await uploadImages(deps(), user.id, 1);
    const closed = await caller.deals.create(
      campaignBody(clock, { deadline: new Date(clock.now().getTime() + DAY_MS) }),
    );
    clock.advance(DAY_MS);
    const paused = await caller.deals.create(campaignBody(clock, { title: "Paused one" }));
    await caller.deals.pause({ id: paused.id });
    clock.advance(1);
    const open = await caller.deals.create(campaignBody(clock, { title: "Open one", images: [image] }));
    const deleted = await caller.deals.create(campaignBody(clock));
    await caller.deals.remove({ id: deleted.id });
    await applyTo(db, { id: open.id, brandId: user.id }, clock.now());
    await applyTo(db, { id: open.id, brandId: user.id }, clock.now());
    await applyTo(db, { id: closed.id, brandId: user.id }, clock.now());
    await (await brand()).caller.deals.create(campaignBody(clock));

    const list = await caller.deals.mine();
    expect(list.map((deal) => [deal.id, deal.status, deal.applicants, deal.isNew, deal.author])).toEqual([
      [open.id, "open", 2, true, "Listed Brand"],
      [paused.id, "paused", 0, true, "Listed Brand"],
      [closed.id, "closed", 1, false, "Listed Brand"],
    ]);
    expect(list[0]?.images).toEqual([{ id: image, url: `/files/${image}` }]);
    expect(list[2]?.remainingDuration).toBe(0);
    expect(await caller.deals.get({ id: open.id })).toEqual(list[0]);
  });

  it("reads every campaign, its applicant count and images in one statement, whatever their number", async () => {
    const { user, caller } = await brand();
    const counting = statementCounter(testDb.handle);
    const queriesFor = async () => {
      counting.reset();
      await myCampaigns({ db: counting.db, clock }, user.id);
      return counting.statements();
    };
    expect(await queriesFor()).toBe(1);
    const first = await caller.deals.create(campaignBody(clock, { images: await uploadImages(deps(), user.id, 2) }));
    await applyTo(db, { id: first.id, brandId: user.id }, clock.now());
    expect(await queriesFor()).toBe(1);
    for (let index = 0; index < 5; index += 1) {
      const { id } = await caller.deals.create(campaignBody(clock, { images: await uploadImages(deps(), user.id, 1) }));
      await applyTo(db, { id, brandId: user.id }, clock.now());
    }
    expect(await queriesFor()).toBe(1);
    expect((await caller.deals.mine()).map((deal) => deal.applicants)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("lets an impersonating admin read any campaign", async () => {
    const owner = await brand();
    const { id } = await owner.caller.deals.create(campaignBody(clock));
    const admin = await createAdminUser(db);
    const someone = await createInfluencer(db);
    const asAdmin = await as(someone.id, admin.id);
    expect((await asAdmin.deals.get({ id })).id).toBe(id);
  });
});
