import { applications, brandReviews, type Db, deals, feedback } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createBrand, createInfluencer } from "../../testing";
import { listBrandReviews, listInfluencerReviews } from "./list-reviews";

// The reviews lists' pages (issue 40, point 3; prepared once since issue 33): newest first by publication, ties by
// application, 10 a page, the next page after the cursor; a hidden review and one not yet published are in none.

let testDb: TestDb;
let db: Db;
const clock = fixedClock(new Date("2026-06-10T12:00:00Z"));
const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);
let brandId: number;
let influencerId: number;
/** The applications in the order the lists must give them (newest publication first, ties by id, newest first). */
let listed: number[];

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  brandId = (await createBrand(db)).id;
  influencerId = (await createInfluencer(db)).id;
  // 14 hires, one a campaign: 12 listed (the 10th and 11th published at the same instant, across the pages), one
  // hidden, one not yet published.
  const published = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 11, 0.5, -60];
  const rows: { id: number; publishedAt: Date; hidden: boolean }[] = [];
  for (const [index, minutes] of published.entries()) {
    const [deal] = await db
      .insert(deals)
      .values({
        userId: brandId,
        title: `Paged ${index}`,
        link: "https://brand.example",
        category: "sports",
        price: "p100_250",
        description: "A campaign",
        networks: ["instagram"],
        deadline: new Date("2026-07-01T12:00:00Z"),
      })
      .returning({ id: deals.id });
    const [application] = await db
      .insert(applications)
      .values({ dealId: deal?.id ?? 0, influencerId, brandId, status: "COMPLETE", text: "Hi", expiration: clock.now() })
      .returning({ id: applications.id });
    rows.push({ id: application?.id ?? 0, publishedAt: minutesAgo(minutes), hidden: minutes === 0.5 });
  }
  for (const row of rows) {
    const common = {
      applicationId: row.id,
      influencerId,
      publishedAt: row.publishedAt,
      hiddenAt: row.hidden ? clock.now() : null,
    };
    await db.insert(brandReviews).values({
      ...common,
      brandId,
      ratingBrief: 5,
      ratingCommunication: 4,
      ratingPayment: 5,
      ratingFairness: 4,
      text: `Review ${row.id}`,
    });
    await db.insert(feedback).values({
      ...common,
      ratingContent: 5,
      ratingAvailability: 4,
      ratingCommunication: 5,
      ratingCooperation: 4,
      ratingSchedule: 5,
      iComment: `Feedback ${row.id}`,
      workAgain: true,
      droveAction: true,
      roi: "good",
    });
  }
  listed = rows
    .filter((row) => !row.hidden && row.publishedAt <= clock.now())
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id)
    .map((row) => row.id);
});
afterAll(() => testDb.close());

describe("the reviews lists' pages", () => {
  it("the brand's: 10 newest, then the rest after the cursor", async () => {
    const deps = { db, clock };
    const first = await listBrandReviews(deps, { id: brandId });
    expect(first.reviews.map((review) => review.applicationId)).toEqual(listed.slice(0, 10));
    expect(first.nextCursor).not.toBeNull();
    const second = await listBrandReviews(deps, { id: brandId, cursor: first.nextCursor ?? "" });
    expect(second.reviews.map((review) => review.applicationId)).toEqual(listed.slice(10));
    expect(second.nextCursor).toBeNull();
    expect(second.reviews[0]?.text).toBe(`Review ${listed[10]}`);
  });

  it("the influencer's: the same pages of the brands' feedback", async () => {
    const deps = { db, clock, searchIdSecret: "s".repeat(32) };
    const first = await listInfluencerReviews(deps, { id: influencerId });
    expect(first.reviews.map((review) => review.applicationId)).toEqual(listed.slice(0, 10));
    const second = await listInfluencerReviews(deps, { id: influencerId, cursor: first.nextCursor ?? "" });
    expect(second.reviews.map((review) => review.applicationId)).toEqual(listed.slice(10));
    expect(second.nextCursor).toBeNull();
    expect(second.reviews[0]?.text).toBe(`Feedback ${listed[10]}`);
  });
});
