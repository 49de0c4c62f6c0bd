import { DAY_MS, FEEDBACK_COMMENT_MAX_LENGTH } from "@market/contracts";
import { and, applications, type Db, eq, feedback, notifications } from "@market/db";
import { statementCounter, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { callFailure, paidApplication, SAMPLE_FEEDBACK, waitingApplication } from "../../../testing";
import { getApplication } from "../get-application";

let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

/** A hire its brand released now: COMPLETE, with its money_released line written at the clock's now. */
async function released() {
  const app = await paidApplication(db, clock);
  await app.callers.brand.applications.release({ id: app.id });
  return app;
}

describe("feedback timing (spec section 4: over 7 days after money_released)", () => {
  it("refuses 6 days after the release with not_allowed_yet and the button hidden, accepts after 8", async () => {
    const app = await released();
    const releasedAt = clock.now();
    clock.advance(6 * DAY_MS);
    expect(
      await callFailure(app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK })),
    ).toMatchObject({
      code: "CONFLICT",
      reason: "not_allowed_yet",
    });
    const opensAt = new Date(releasedAt.getTime() + 7 * DAY_MS);
    expect((await app.callers.brand.applications.get({ id: app.id })).feedback).toEqual({ state: "not_yet", opensAt });
    expect(await app.callers.brand.applications.feedback({ id: app.id })).toMatchObject({
      moneyReleasedAt: releasedAt,
      opensAt,
      state: "not_yet",
      feedback: null,
    });

    clock.advance(2 * DAY_MS);
    expect((await app.callers.brand.applications.get({ id: app.id })).feedback).toEqual({ state: "open" });
    const given = await app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK });
    expect(given).toEqual({
      ...SAMPLE_FEEDBACK,
      iComment: "Great posts, on time.",
      average: 4.2,
      created: clock.now(),
    });
    const [row] = await db.select().from(feedback).where(eq(feedback.applicationId, app.id));
    expect(row).toMatchObject({
      influencerId: app.influencer.id,
      ratingSchedule: 3,
      roi: "good",
      impersonatorId: null,
    });
    // Double blind (issue 40): written alone, it waits for the window's close, 21 days after the release, and
    // nobody is told yet (the influencer is when the pair completes, reviews.int.test.ts).
    expect(row?.publishedAt).toEqual(new Date(releasedAt.getTime() + 21 * DAY_MS));
    const told = await db
      .select({ userId: notifications.userId, senderId: notifications.senderId })
      .from(notifications)
      .where(and(eq(notifications.applicationId, app.id), eq(notifications.type, "feedback")));
    expect(told).toEqual([]);
  });

  it("is not_allowed_yet before the release, even long after the hire", async () => {
    const app = await paidApplication(db, clock);
    clock.advance(30 * DAY_MS);
    expect(
      await callFailure(app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK })),
    ).toMatchObject({
      reason: "not_allowed_yet",
    });
    expect((await app.callers.brand.applications.get({ id: app.id })).feedback).toBeNull();
  });

  it("is closed on a declined application, which never opens", async () => {
    const app = await waitingApplication(db, clock);
    await app.callers.brand.applications.decline({ id: app.id });
    clock.advance(30 * DAY_MS);
    expect(
      await callFailure(app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK })),
    ).toMatchObject({
      reason: "closed",
    });
    expect(await app.callers.brand.applications.feedback({ id: app.id })).toMatchObject({
      state: "not_yet",
      opensAt: null,
    });
  });

  it("is given once: a second one is a conflict, and the first stays", async () => {
    const app = await released();
    clock.advance(8 * DAY_MS);
    const send = (workAgain: boolean) =>
      app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK, workAgain });
    const [first, second] = await Promise.allSettled([send(true), send(false)]);
    expect([first.status, second.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect(await callFailure(send(false))).toMatchObject({ code: "CONFLICT", reason: "conflict" });
    const rows = await db.select().from(feedback).where(eq(feedback.applicationId, app.id));
    expect(rows).toHaveLength(1);
    const page = await app.callers.brand.applications.feedback({ id: app.id });
    expect(page).toMatchObject({ state: "given", feedback: { workAgain: rows[0]?.workAgain } });
  });
});

describe("feedback permissions", () => {
  it("is the brand's: the influencer is forbidden, another brand and influencer get not_found, a visitor unauthorized", async () => {
    const app = await released();
    clock.advance(8 * DAY_MS);
    const body = { id: app.id, ...SAMPLE_FEEDBACK };
    const { influencer, otherBrand, otherInfluencer, visitor } = app.callers;
    expect(await callFailure(influencer.applications.leaveFeedback(body))).toMatchObject({ reason: "forbidden" });
    expect(await callFailure(influencer.applications.feedback({ id: app.id }))).toMatchObject({ reason: "forbidden" });
    expect(await callFailure(otherBrand.applications.leaveFeedback(body))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(otherBrand.applications.feedback({ id: app.id }))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(otherInfluencer.applications.leaveFeedback(body))).toMatchObject({ reason: "not_found" });
    expect(await callFailure(visitor.applications.leaveFeedback(body))).toMatchObject({ reason: "unauthorized" });
    expect(await callFailure(visitor.applications.feedback({ id: app.id }))).toMatchObject({ reason: "unauthorized" });
    expect(await callFailure(app.callers.brand.applications.feedback({ id: 2_000_000 }))).toMatchObject({
      reason: "not_found",
    });
    expect(await db.select().from(feedback).where(eq(feedback.applicationId, app.id))).toEqual([]);
  });

  it("lets an admin acting as the brand give it, recorded as the impersonator; not as the influencer", async () => {
    const app = await released();
    clock.advance(8 * DAY_MS);
    const body = { id: app.id, ...SAMPLE_FEEDBACK };
    expect(await callFailure(app.callers.adminAsInfluencer.applications.leaveFeedback(body))).toMatchObject({
      reason: "forbidden",
    });
    await app.callers.adminAsBrand.applications.leaveFeedback(body);
    const [row] = await db.select().from(feedback).where(eq(feedback.applicationId, app.id));
    expect(row?.impersonatorId).toBe(app.admin.id);
  });

  it("shows the influencer the ratings and the word to them, not the brand's results or private comment", async () => {
    const app = await released();
    clock.advance(8 * DAY_MS);
    expect((await app.callers.influencer.applications.get({ id: app.id })).feedback).toBeNull();
    await app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK });
    const created = clock.now();
    // Double blind (issue 40): nothing before publication, the window's close for a feedback written alone.
    expect((await app.callers.influencer.applications.get({ id: app.id })).feedback).toBeNull();
    clock.advance(13 * DAY_MS);
    const seen = (await app.callers.influencer.applications.get({ id: app.id })).feedback;
    expect(seen).toEqual({
      state: "given",
      publishedAt: clock.now(),
      published: true,
      feedback: {
        rating: SAMPLE_FEEDBACK.rating,
        average: 4.2,
        iComment: "Great posts, on time.",
        workAgain: true,
        created,
      },
    });
    const brandSees = (await app.callers.brand.applications.get({ id: app.id })).feedback;
    expect(brandSees).toMatchObject({ state: "given", feedback: { roi: "good", rComment: SAMPLE_FEEDBACK.rComment } });
  });
});

describe("feedback on the application page", () => {
  it("is read in the page's one statement, before and after it is given", async () => {
    const app = await released();
    clock.advance(8 * DAY_MS);
    const viewer = {
      sessionId: "s",
      userId: app.brand.id,
      kind: "brand" as const,
      username: "b",
      impersonatorId: null,
    };
    const read = async () => {
      const counting = statementCounter(testDb.handle);
      const page = await getApplication({ db: counting.db, clock }, viewer, app.id);
      return { feedback: page.feedback, statements: counting.statements() };
    };
    // The page's statement, a hire's deliveries in it (delivery-view.ts); the feedback adds none.
    expect(await read()).toEqual({ feedback: { state: "open" }, statements: 1 });
    await app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK });
    expect(await read()).toMatchObject({ feedback: { state: "given", feedback: { roi: "good" } }, statements: 1 });
  });
});

describe("feedback validation", () => {
  it("refuses every field out of its rules with invalid and the field's path", async () => {
    const app = await released();
    clock.advance(8 * DAY_MS);
    const refused = async (change: Record<string, unknown>) =>
      callFailure(app.callers.brand.applications.leaveFeedback({ id: app.id, ...SAMPLE_FEEDBACK, ...change } as never));
    const long = "x".repeat(FEEDBACK_COMMENT_MAX_LENGTH + 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: { ...SAMPLE_FEEDBACK.rating, content: 0 } }, "rating.content"],
      [{ rating: { ...SAMPLE_FEEDBACK.rating, availability: 6 } }, "rating.availability"],
      [{ rating: { ...SAMPLE_FEEDBACK.rating, communication: 3.5 } }, "rating.communication"],
      [{ rating: { ...SAMPLE_FEEDBACK.rating, cooperation: "5" } }, "rating.cooperation"],
      [{ rating: { content: 5, availability: 5, communication: 5, cooperation: 5 } }, "rating.schedule"],
      [{ rating: null }, "rating"],
      [{ workAgain: "yes" }, "workAgain"],
      [{ droveAction: undefined }, "droveAction"],
      [{ roi: "great" }, "roi"],
      [{ iComment: long }, "iComment"],
      [{ rComment: 42 }, "rComment"],
      [{ allowUse: "true" }, "allowUse"],
    ];
    for (const [change, path] of cases) {
      expect(await refused(change), path).toMatchObject({ code: "BAD_REQUEST", reason: "invalid", issues: [path] });
    }
    expect(await db.select().from(feedback).where(eq(feedback.applicationId, app.id))).toEqual([]);
    // Comments and allowUse may be left out: empty and false.
    const { iComment, rComment, allowUse, ...required } = SAMPLE_FEEDBACK;
    const given = await app.callers.brand.applications.leaveFeedback({ id: app.id, ...required });
    expect(given).toMatchObject({ iComment: "", rComment: "", allowUse: false });
  });

  it("is checked by the database too", async () => {
    const app = await released();
    const row = {
      applicationId: app.id,
      influencerId: app.influencer.id,
      ratingContent: 5,
      ratingAvailability: 5,
      ratingCommunication: 5,
      ratingCooperation: 5,
      ratingSchedule: 5,
      workAgain: true,
      droveAction: true,
      roi: "good" as const,
    };
    await expect(db.insert(feedback).values({ ...row, ratingSchedule: 6 })).rejects.toThrow();
    await expect(db.insert(feedback).values({ ...row, roi: "great" as never })).rejects.toThrow();
    await expect(
      db.insert(feedback).values({ ...row, rComment: "x".repeat(FEEDBACK_COMMENT_MAX_LENGTH + 1) }),
    ).rejects.toThrow();
    await db.insert(feedback).values(row);
    await expect(db.insert(feedback).values(row)).rejects.toThrow();
  });
});

describe("the influencer's profile", () => {
  it("counts each feedback and averages every rating", async () => {
    const first = await released();
    const profileOf = async () =>
      (await first.callers.otherBrand.influencers.get({ id: first.influencer.id })).feedback;
    expect(await profileOf()).toEqual({ count: 0, average: null });
    clock.advance(8 * DAY_MS);
    await first.callers.brand.applications.leaveFeedback({ id: first.id, ...SAMPLE_FEEDBACK });
    // Double blind (issue 40): not counted before it is published, at the window's close when written alone.
    expect(await profileOf()).toEqual({ count: 0, average: null });
    clock.advance(13 * DAY_MS);
    expect(await profileOf()).toEqual({ count: 1, average: 4.2 });

    // A second hire of the same influencer (moved onto it before the release): 4.2 and 2.0 average to 3.1.
    const second = await paidApplication(db, clock);
    await db.update(applications).set({ influencerId: first.influencer.id }).where(eq(applications.id, second.id));
    await second.callers.brand.applications.release({ id: second.id });
    clock.advance(8 * DAY_MS);
    const low = { content: 2, availability: 2, communication: 2, cooperation: 2, schedule: 2 };
    await second.callers.brand.applications.leaveFeedback({ id: second.id, ...SAMPLE_FEEDBACK, rating: low });
    expect(await profileOf()).toEqual({ count: 1, average: 4.2 });
    clock.advance(13 * DAY_MS);
    expect(await profileOf()).toEqual({ count: 2, average: 3.1 });
    // The influencer's own profile counts the same.
    expect((await first.callers.influencer.influencers.own()).feedback).toEqual({ count: 2, average: 3.1 });
  });
});
