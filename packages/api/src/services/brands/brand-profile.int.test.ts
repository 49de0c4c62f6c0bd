import {
  BRAND_FIGURE_MIN_COUNT,
  type BrandFigureKey,
  type BrandProfile,
  DAY_MS,
  HOUR_MS,
  sandboxDeliverables,
} from "@market/contracts";
import { and, applications, brandProfiles, brandReliability, type Db, eq, isNotNull, users } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import { callerFor, callFailure, createBrand, createInfluencer, type TestCaller } from "../../testing";
import { paidApplication } from "../../testing/paid-application";
import { sweepDueReleases } from "../applications/lifecycle/release-sweep";
import { memoryFileStore } from "../files/memory-file-store";
import { brandFigures, NO_HIRES } from "./brand-figures";
import { getBrandProfile } from "./brand-profile";
import { brandDeal, type HireStory, hireWithStory } from "./testing/brand-hires";

let db: Db;
const testDb = useTestDb();
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const ago = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);
let influencer: TestCaller;
/** paidApplication hires its instagram line: the sandbox's post of the linked account delivers it. */
const DELIVERED = sandboxDeliverables(["instagram"]);

beforeAll(async () => {
  db = testDb.db;
  influencer = await callerFor(
    db,
    { userId: (await createInfluencer(db)).id },
    clock,
    noSessionCookie,
    memoryFileStore(),
  );
});

/** A brand with one deal and a hire per story, released a day apart. */
async function brandWith(stories: HireStory[], brandName?: string) {
  const brand = await createBrand(db, brandName ? { brandName } : {});
  const dealId = await brandDeal(db, brand.id, ago(60));
  for (const [index, story] of stories.entries()) {
    await hireWithStory(db, { id: dealId, brandId: brand.id }, ago(30 - index), story);
  }
  return { brand, dealId };
}

const figureOf = (profile: BrandProfile, key: BrandFigureKey) => {
  const figure = profile.figures.find((candidate) => candidate.key === key);
  if (!figure) throw new Error(`no figure ${key}`);
  return figure;
};

const profileOf = (brandId: number) => influencer.brands.profile({ id: brandId });

describe("a brand's reliability figures", () => {
  it("take the median hours from work done to release over an odd count", async () => {
    const { brand } = await brandWith([1, 50, 3, 10, 2].map((hoursToRelease) => ({ hoursToRelease })));
    const median = figureOf(await profileOf(brand.id), "medianReleaseHours");
    expect(median).toMatchObject({ value: 3, count: 5, basis: "releases" });
    expect(median.howComputed).toMatch(/median time/i);
  });

  it("take the mean of the middle two over an even count, leaving out releases without a work done", async () => {
    const { brand } = await brandWith([
      ...[1, 2, 3, 4, 10, 50].map((hoursToRelease) => ({ hoursToRelease })),
      { hoursToRelease: null },
    ]);
    const profile = await profileOf(brand.id);
    expect(figureOf(profile, "medianReleaseHours")).toMatchObject({ value: 3.5, count: 6 });
    // The release without a work done still counts as a release.
    expect(figureOf(profile, "automaticReleaseShare")).toMatchObject({ value: 0, count: 7 });
  });

  it("count the share released automatically at the window's end over the releases", async () => {
    const { brand } = await brandWith([
      { automatic: true, hoursToRelease: 240 },
      { automatic: true, hoursToRelease: 240 },
      {},
      {},
      {},
      { unreleased: true },
    ]);
    const profile = await profileOf(brand.id);
    expect(figureOf(profile, "automaticReleaseShare")).toMatchObject({ value: 2 / 5, count: 5, basis: "releases" });
    expect(profile.hires).toBe(6);
  });

  it("count a hire contested once however many times it was, over the paid hires", async () => {
    const { brand } = await brandWith([{ contests: 3 }, { contests: 1, unreleased: true }, {}, {}, {}, {}, {}, {}]);
    expect(figureOf(await profileOf(brand.id), "contestedShare")).toMatchObject({
      value: 2 / 8,
      count: 8,
      basis: "hires",
    });
  });

  it("count the share refunded over the paid hires, refunded ones included", async () => {
    const { brand } = await brandWith([
      { refunded: true, unreleased: true },
      { refunded: true, unreleased: true, contests: 1 },
      {},
      {},
      {},
    ]);
    const profile = await profileOf(brand.id);
    expect(figureOf(profile, "refundedShare")).toMatchObject({ value: 2 / 5, count: 5 });
    expect(figureOf(profile, "contestedShare")).toMatchObject({ value: 1 / 5, count: 5 });
    // Three releases only: below the minimum, the release figures are hidden while the hire ones show.
    expect(figureOf(profile, "medianReleaseHours")).toMatchObject({ value: null, count: 3 });
    expect(figureOf(profile, "automaticReleaseShare")).toMatchObject({ value: null, count: 3 });
  });

  it("hide every figure below the minimum count, and show none for a brand that never hired", async () => {
    const { brand } = await brandWith(Array.from({ length: BRAND_FIGURE_MIN_COUNT - 1 }, () => ({ contests: 1 })));
    const profile = await profileOf(brand.id);
    expect(profile.minimumCount).toBe(BRAND_FIGURE_MIN_COUNT);
    expect(profile.figures.map((figure) => [figure.key, figure.value, figure.count])).toEqual([
      ["medianReleaseHours", null, BRAND_FIGURE_MIN_COUNT - 1],
      ["automaticReleaseShare", null, BRAND_FIGURE_MIN_COUNT - 1],
      ["contestedShare", null, BRAND_FIGURE_MIN_COUNT - 1],
      ["refundedShare", null, BRAND_FIGURE_MIN_COUNT - 1],
    ]);

    const newcomer = await createBrand(db);
    const fresh = await profileOf(newcomer.id);
    expect(fresh.hires).toBe(0);
    expect(fresh.figures.every((figure) => figure.value === null && figure.count === 0)).toBe(true);
  });

  it("are kept in one row per brand that follows a row changed back (a refund undone by a repair)", async () => {
    const { brand } = await brandWith([{}, {}, {}, {}, { refunded: true, unreleased: true }]);
    expect(figureOf(await profileOf(brand.id), "refundedShare").value).toBe(1 / 5);
    const kept = async () =>
      (await db.select().from(brandReliability).where(eq(brandReliability.brandId, brand.id)))[0];
    expect(await kept()).toMatchObject({
      hires: 5,
      hiresRefunded: 1,
      releases: 4,
      timedReleases: 4,
      medianReleaseHours: 24,
    });
    await db
      .update(applications)
      .set({ refundedAt: null })
      .where(and(eq(applications.brandId, brand.id), isNotNull(applications.refundedAt)));
    expect(await kept()).toMatchObject({ hires: 5, hiresRefunded: 0 });
  });

  it("follow the real lifecycle: a contest then a release by the brand, a release by the countdown, a refund", async () => {
    // paidApplication makes a brand of its own each time: one brand per story.
    const hire = await paidApplication(db, clock);
    await hire.callers.influencer.applications.workDone({ id: hire.id, deliverables: DELIVERED });
    clock.advance(2 * HOUR_MS);
    await hire.callers.brand.applications.workNotDone({ id: hire.id, text: "Not posted" });
    clock.advance(HOUR_MS);
    await hire.callers.influencer.applications.workDone({ id: hire.id, deliverables: DELIVERED });
    clock.advance(5 * HOUR_MS);
    await hire.callers.brand.applications.release({ id: hire.id });
    expect((await hire.callers.influencer.brands.profile({ id: hire.brand.id })).figures).toEqual(
      brandFigures({ ...NO_HIRES, hires: 1, hiresContested: 1, releases: 1, timedReleases: 1, medianReleaseHours: 5 }),
    );

    const automatic = await paidApplication(db, clock);
    await automatic.callers.influencer.applications.workDone({ id: automatic.id, deliverables: DELIVERED });
    clock.advance(DAY_MS);
    await db
      .update(applications)
      .set({ moneyReleaseDate: new Date(clock.now().getTime() - 1000) })
      .where(eq(applications.id, automatic.id));
    expect(await sweepDueReleases(db, clock.now())).toBe(1);
    const [released] = await db.select().from(brandReliability).where(eq(brandReliability.brandId, automatic.brand.id));
    expect(released).toMatchObject({
      hires: 1,
      releases: 1,
      releasesAutomatic: 1,
      timedReleases: 1,
      medianReleaseHours: 24,
    });

    const refunded = await paidApplication(db, clock);
    await refunded.callers.adminAsBrand.admin.refund({ id: refunded.id });
    const [back] = await db.select().from(brandReliability).where(eq(brandReliability.brandId, refunded.brand.id));
    expect(back).toMatchObject({ hires: 1, hiresRefunded: 1, releases: 0, medianReleaseHours: null });
  });
});

describe("a brand's profile", () => {
  it("names the company, its about and its open campaigns only, and nothing private of it or another brand", async () => {
    const { brand } = await brandWith([{}, {}, {}, {}, {}], "Northwind Coffee");
    const other = await brandWith([{ refunded: true, unreleased: true }], "Other Brand Secret");
    await db.update(brandProfiles).set({ about: "We roast beans." }).where(eq(brandProfiles.userId, brand.id));
    const open = await brandDeal(db, brand.id, ago(1), { title: "Open now" });
    await brandDeal(db, brand.id, ago(2), { title: "Paused", paused: true });
    await brandDeal(db, brand.id, ago(3), { title: "Closed", deadline: ago(1) });
    await brandDeal(db, brand.id, ago(4), { title: "Rejected", reviewStatus: "KO" });

    const profile = await profileOf(brand.id);
    expect(profile).toMatchObject({ id: brand.id, company: "Northwind Coffee", about: "We roast beans.", hires: 5 });
    // brandWith's own deal (created 60 days ago, deadline 50 days ago) is closed.
    expect(profile.openCampaigns).toEqual([
      { id: open, title: "Open now", category: "sports", price: "p100_250", remainingDuration: 9 * DAY_MS },
    ]);
    const json = JSON.stringify(profile);
    expect(json).not.toContain(brand.email);
    expect(json).not.toContain(brand.username);
    expect(json).not.toContain("Other Brand Secret");
    expect(json).not.toContain(other.brand.email);
    expect(Object.keys(profile).sort()).toEqual(
      ["about", "company", "figures", "hires", "id", "minimumCount", "openCampaigns", "reviews"].sort(),
    );
  });

  it("is not found for an influencer, an admin or an unknown id, and refused to a visitor", async () => {
    const someone = await createInfluencer(db);
    expect(await callFailure(profileOf(someone.id))).toMatchObject({ reason: "not_found" });
    const admin = await createBrand(db);
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    expect(await callFailure(profileOf(admin.id))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(profileOf(2_000_000_000))).toMatchObject({ reason: "not_found" });
    const visitor = await callerFor(db, null, clock, noSessionCookie, memoryFileStore());
    const { brand } = await brandWith([]);
    expect(await callFailure(visitor.brands.profile({ id: brand.id }))).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("is readable by another brand too, from the same service", async () => {
    const { brand } = await brandWith([{}]);
    const reader = await createBrand(db);
    const caller = await callerFor(db, { userId: reader.id }, clock, noSessionCookie, memoryFileStore());
    expect(await caller.brands.profile({ id: brand.id })).toEqual(await getBrandProfile({ db, clock }, brand.id));
  });

  it("carries its short form on the influencer's deal page and the deal search's cards", async () => {
    const { brand } = await brandWith([4, 5, 6, 7, 8].map((hoursToRelease) => ({ hoursToRelease })));
    const dealId = await brandDeal(db, brand.id, ago(1), { title: "Quokka picnic" });
    const deal = await influencer.deals.get({ id: dealId });
    expect(deal.brand).toEqual({ id: brand.id, hires: 5, medianReleaseHours: 6 });
    const found = await influencer.deals.search({ query: "Quokka picnic" });
    expect(found.deals.map((card) => card.brand)).toEqual([{ id: brand.id, hires: 5, medianReleaseHours: 6 }]);
    const fresh = await brandWith([{ hoursToRelease: 2 }]);
    const freshDeal = await brandDeal(db, fresh.brand.id, ago(1));
    expect((await influencer.deals.get({ id: freshDeal })).brand).toEqual({
      id: fresh.brand.id,
      hires: 1,
      medianReleaseHours: null,
    });
  });
});
