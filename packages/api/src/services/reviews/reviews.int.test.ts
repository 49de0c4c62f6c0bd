import { DAY_MS, REVIEW_TEXT_MAX_LENGTH } from "@market/contracts";
import { adminAuditLog, and, brandReviews, type Db, desc, eq, feedback, notifications } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, callFailure, paidApplication, SAMPLE_FEEDBACK, SAMPLE_REVIEW } from "../../testing";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** A hire its brand released now: COMPLETE, its money_released line at the clock's now, and when that was. */
async function released() {
  const app = await paidApplication(db, clock);
  await app.callers.brand.applications.release({ id: app.id });
  return { ...app, releasedAt: clock.now() };
}

/** Everything each side may read of the other's review, through every read that could carry it. */
async function whatEachSees(app: Awaited<ReturnType<typeof released>>) {
  const { brand, influencer, otherBrand, visitor } = app.callers;
  const [brandPage, feedbackPage, brandList, brandProfile, influencerPage, profile, influencerList, visitorList] =
    await Promise.all([
      brand.applications.get({ id: app.id }),
      brand.applications.feedback({ id: app.id }),
      otherBrand.reviews.ofBrand({ id: app.brand.id }),
      otherBrand.brands.profile({ id: app.brand.id }),
      influencer.applications.get({ id: app.id }),
      otherBrand.influencers.get({ id: app.influencer.id }),
      otherBrand.reviews.ofInfluencer({ id: app.influencer.id }),
      visitor.reviews.ofInfluencer({ id: app.influencer.id }),
    ]);
  // The brand's profile carries the list's first page: what the list shows, never more.
  expect(brandProfile.reviews).toEqual(brandList);
  return {
    /** The influencer's review of the brand, as the brand and others read it. */
    review: {
      applicationPage: brandPage.review,
      feedbackPage: feedbackPage.review,
      brandProfile: brandList.reviews,
    },
    /** The brand's feedback on the influencer, as the influencer and others read it. */
    feedback: {
      applicationPage: influencerPage.feedback,
      profileSummary: profile.feedback,
      influencerProfile: influencerList.reviews,
      visitor: visitorList.reviews,
    },
  };
}

const NOTHING = {
  review: { applicationPage: null, feedbackPage: null, brandProfile: [] },
  feedback: {
    applicationPage: null,
    profileSummary: { count: 0, average: null },
    influencerProfile: [],
    visitor: [],
  },
};

describe("double-blind reviews (issue 40, point 3)", () => {
  it("shows neither before both are written, then both at once, and tells the side that wrote first", async () => {
    const app = await released();
    clock.advance(DAY_MS);
    const written = await app.callers.influencer.applications.writeReview({ id: app.id, ...SAMPLE_REVIEW });
    const closesAt = new Date(app.releasedAt.getTime() + 21 * DAY_MS);
    expect(written).toEqual({
      rating: SAMPLE_REVIEW.rating,
      average: 4.5,
      text: "Clear brief, paid on time.",
      created: clock.now(),
      publishedAt: closesAt,
      published: false,
    });
    // The writer reads their own on their page, with when it will be published.
    expect((await app.callers.influencer.applications.get({ id: app.id })).review).toEqual({
      state: "given",
      review: written,
    });
    expect(await whatEachSees(app)).toEqual(NOTHING);

    clock.advance(7 * DAY_MS);
    expect(await whatEachSees(app)).toEqual(NOTHING);
    await app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK });
    const now = clock.now();
    const seen = await whatEachSees(app);
    const published = { ...written, publishedAt: now, published: true };
    expect(seen.review).toEqual({
      applicationPage: { state: "given", review: published },
      feedbackPage: published,
      brandProfile: [
        {
          applicationId: app.id,
          side: "of_brand",
          campaign: expect.any(String),
          author: app.influencer.username,
          average: 4.5,
          ratings: SAMPLE_REVIEW.rating,
          text: "Clear brief, paid on time.",
          publishedAt: now,
        },
      ],
    });
    expect(seen.feedback.applicationPage).toMatchObject({ state: "given", publishedAt: now });
    expect(seen.feedback.profileSummary).toEqual({ count: 1, average: 4.2 });
    const listed = {
      applicationId: app.id,
      side: "of_influencer",
      campaign: expect.any(String),
      author: expect.any(String),
      average: 4.2,
      ratings: SAMPLE_FEEDBACK.rating,
      text: "Great posts, on time.",
      publishedAt: now,
    };
    expect(seen.feedback.influencerProfile).toEqual([listed]);
    expect(seen.feedback.visitor).toEqual([listed]);
    // The brand's results and private comment are in no public answer.
    expect(JSON.stringify(seen.feedback.influencerProfile)).not.toContain(SAMPLE_FEEDBACK.rComment);

    const told = await db
      .select({ userId: notifications.userId, senderId: notifications.senderId })
      .from(notifications)
      .where(and(eq(notifications.applicationId, app.id), eq(notifications.type, "feedback")));
    expect(told).toEqual([{ userId: app.influencer.id, senderId: app.brand.id }]);
  });

  it("publishes the brand's feedback written first the moment the influencer's review completes the pair", async () => {
    const app = await released();
    clock.advance(8 * DAY_MS);
    await app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK });
    expect(await whatEachSees(app)).toEqual(NOTHING);
    clock.advance(DAY_MS);
    await app.callers.influencer.applications.writeReview({ id: app.id, ...SAMPLE_REVIEW });
    const [row] = await db.select().from(feedback).where(eq(feedback.applicationId, app.id));
    expect(row?.publishedAt).toEqual(clock.now());
    const seen = await whatEachSees(app);
    expect(seen.feedback.profileSummary).toEqual({ count: 1, average: 4.2 });
    expect(seen.review.brandProfile).toHaveLength(1);
    const told = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.applicationId, app.id), eq(notifications.type, "feedback")));
    expect(told).toEqual([{ userId: app.brand.id }]);
  });

  it("publishes a review written alone when the window closes, 21 days after the release, and closes writing", async () => {
    const app = await released();
    clock.advance(2 * DAY_MS);
    await app.callers.influencer.applications.writeReview({ id: app.id, ...SAMPLE_REVIEW });
    clock.set(new Date(app.releasedAt.getTime() + 21 * DAY_MS - 1));
    expect(await whatEachSees(app)).toEqual(NOTHING);
    clock.advance(1);
    const seen = await whatEachSees(app);
    expect(seen.review.applicationPage).toMatchObject({ state: "given", review: { average: 4.5 } });
    expect(seen.review.brandProfile).toHaveLength(1);
    expect(seen.feedback).toEqual(NOTHING.feedback);
    // The brand may not answer a review it has read.
    expect(
      await callFailure(app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK })),
    ).toMatchObject({ code: "CONFLICT", reason: "closed" });
    expect(await app.callers.brand.applications.feedback({ id: app.id })).toMatchObject({ state: "closed" });
  });

  it("closes the influencer's review with the window too", async () => {
    const app = await released();
    clock.advance(21 * DAY_MS);
    expect(
      await callFailure(app.callers.influencer.applications.writeReview({ id: app.id, ...SAMPLE_REVIEW })),
    ).toMatchObject({ reason: "closed" });
    expect(await app.callers.influencer.applications.review({ id: app.id })).toMatchObject({ state: "closed" });
  });
});

describe("the influencer's review of the brand", () => {
  it("is written once: a second is a conflict, two at once leave one", async () => {
    const app = await released();
    const send = (brief: number) =>
      app.callers.influencer.applications.writeReview({
        id: app.id,
        ...SAMPLE_REVIEW,
        rating: { ...SAMPLE_REVIEW.rating, brief },
      });
    const [first, second] = await Promise.allSettled([send(5), send(1)]);
    expect([first.status, second.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect(await callFailure(send(2))).toMatchObject({ code: "CONFLICT", reason: "conflict" });
    expect(await db.select().from(brandReviews).where(eq(brandReviews.applicationId, app.id))).toHaveLength(1);
    expect(await app.callers.influencer.applications.review({ id: app.id })).toMatchObject({ state: "given" });
  });

  it("is the influencer's: the brand is forbidden, others not_found, a visitor unauthorized; an admin acting as the influencer is recorded", async () => {
    const app = await released();
    const body = { id: app.id, ...SAMPLE_REVIEW };
    const { brand, adminAsBrand, otherBrand, otherInfluencer, visitor, adminAsInfluencer } = app.callers;
    expect(await callFailure(brand.applications.writeReview(body))).toMatchObject({ reason: "forbidden" });
    expect(await callFailure(brand.applications.review({ id: app.id }))).toMatchObject({ reason: "forbidden" });
    expect(await callFailure(adminAsBrand.applications.writeReview(body))).toMatchObject({ reason: "forbidden" });
    expect(await callFailure(otherBrand.applications.writeReview(body))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(otherInfluencer.applications.writeReview(body))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(otherInfluencer.applications.review({ id: app.id }))).toMatchObject({
      reason: "not_found",
    });
    expect(await callFailure(visitor.applications.writeReview(body))).toMatchObject({ reason: "unauthorized" });
    expect(await db.select().from(brandReviews).where(eq(brandReviews.applicationId, app.id))).toEqual([]);
    await adminAsInfluencer.applications.writeReview(body);
    const [row] = await db.select().from(brandReviews).where(eq(brandReviews.applicationId, app.id));
    expect(row).toMatchObject({ impersonatorId: app.admin.id, brandId: app.brand.id, influencerId: app.influencer.id });
  });

  it("is not allowed before the release and validated field by field", async () => {
    const app = await paidApplication(db, clock);
    expect(
      await callFailure(app.callers.influencer.applications.writeReview({ id: app.id, ...SAMPLE_REVIEW })),
    ).toMatchObject({ reason: "not_allowed_yet" });
    await app.callers.brand.applications.release({ id: app.id });
    const refused = async (change: Record<string, unknown>) =>
      callFailure(
        app.callers.influencer.applications.writeReview({ id: app.id, ...SAMPLE_REVIEW, ...change } as never),
      );
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: { ...SAMPLE_REVIEW.rating, brief: 0 } }, "rating.brief"],
      [{ rating: { ...SAMPLE_REVIEW.rating, payment: 6 } }, "rating.payment"],
      [{ rating: { ...SAMPLE_REVIEW.rating, fairness: 2.5 } }, "rating.fairness"],
      [{ rating: { brief: 5, communication: 5, payment: 5 } }, "rating.fairness"],
      [{ text: "x".repeat(REVIEW_TEXT_MAX_LENGTH + 1) }, "text"],
    ];
    for (const [change, path] of cases) {
      expect(await refused(change), path).toMatchObject({ code: "BAD_REQUEST", reason: "invalid", issues: [path] });
    }
  });
});

describe("reporting a review", () => {
  it("stores a report of a published review once, lists it in the console, and hiding it removes it everywhere", async () => {
    const app = await released();
    await app.callers.influencer.applications.writeReview({ id: app.id, ...SAMPLE_REVIEW });
    const report = {
      applicationId: app.id,
      side: "of_brand" as const,
      reason: "false" as const,
      note: "Never paid late.",
    };
    // Unpublished: as if it did not exist.
    expect(await callFailure(app.callers.brand.reviews.report(report))).toMatchObject({ reason: "not_found" });
    clock.advance(8 * DAY_MS);
    await app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK });
    const { id } = await app.callers.brand.reviews.report(report);
    expect(await callFailure(app.callers.brand.reviews.report(report))).toMatchObject({ reason: "conflict" });
    expect(await callFailure(app.callers.visitor.reviews.report(report))).toMatchObject({ reason: "unauthorized" });

    const admin = await callerFor(db, { userId: app.admin.id }, clock);
    expect(await callFailure(app.callers.adminAsBrand.admin.console.reviews.list({}))).toMatchObject({
      reason: "forbidden",
    });
    const page = await admin.admin.console.reviews.list({});
    expect(page.rows.find((row) => row.id === id)).toEqual({
      id,
      applicationId: app.id,
      side: "of_brand",
      reason: "false",
      note: "Never paid late.",
      reporter: { id: app.brand.id, username: app.brand.username },
      created: clock.now(),
      text: "Clear brief, paid on time.",
      hidden: false,
    });

    expect((await app.callers.otherBrand.reviews.ofBrand({ id: app.brand.id })).reviews).toHaveLength(1);
    const hide = {
      applicationId: app.id,
      side: "of_brand" as const,
      hidden: true,
      reason: "Reported as false: checked.",
    };
    expect(await callFailure(admin.admin.console.reviews.hide({ ...hide, reason: " x " }))).toMatchObject({
      reason: "invalid",
    });
    await admin.admin.console.reviews.hide(hide);
    expect((await app.callers.otherBrand.reviews.ofBrand({ id: app.brand.id })).reviews).toEqual([]);
    expect((await app.callers.brand.applications.get({ id: app.id })).review).toBeNull();
    expect((await admin.admin.console.reviews.list({})).rows.find((row) => row.id === id)?.hidden).toBe(true);
    // Another admin's second press changes nothing and is not logged twice.
    expect(await callFailure(admin.admin.console.reviews.hide(hide))).toMatchObject({ reason: "conflict" });
    await admin.admin.console.reviews.hide({ ...hide, hidden: false, reason: "The brand's appeal holds." });
    expect((await app.callers.otherBrand.reviews.ofBrand({ id: app.brand.id })).reviews).toHaveLength(1);

    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(app.id)))
      .orderBy(desc(adminAuditLog.id))
      .limit(2);
    expect(
      audit.map((row) => [row.action, row.adminId, row.impersonatedUserId, row.targetType, row.reason, row.details]),
    ).toEqual([
      ["review_show", app.admin.id, null, "application", "The brand's appeal holds.", { side: "of_brand" }],
      ["review_hide", app.admin.id, null, "application", "Reported as false: checked.", { side: "of_brand" }],
    ]);
    expect(
      await callFailure(admin.admin.console.reviews.hide({ ...hide, applicationId: app.id + 1_000_000 })),
    ).toMatchObject({ reason: "not_found" });
  });
});
