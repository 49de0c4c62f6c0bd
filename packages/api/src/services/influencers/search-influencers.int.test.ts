import {
  FOLLOWERS_FILTER,
  INFLUENCER_SEARCH_COUNT_CAP,
  INFLUENCER_SEARCH_PAGE_SIZE,
  SEARCH_PAGE_MAX,
} from "@market/contracts";
import { createTestDb, statementCounter, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createInfluencer } from "../../testing";
import { callerFor } from "../../testing/caller";
import { LAST_PAGE, searchInfluencers } from "./search-influencers";

let testDb: TestDb;
const reachOf = (index: number) => 100_000 - index * 1_000;

beforeAll(async () => {
  testDb = await createTestDb();
  // 20 influencers with distinct reach so the default order (followers, descending) is known.
  for (let index = 0; index < 20; index += 1) {
    await createInfluencer(testDb.db, {
      username: `creator${String(index).padStart(2, "0")}`,
      createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      networks: [{ type: "instagram", followers: reachOf(index), engagement: 1 + index / 10, rating: 3 }],
    });
  }
  await createInfluencer(testDb.db, {
    username: "blank",
    category: null,
    city: null,
    country: null,
    audience: null,
    networks: [{ type: "youtube", followers: 2_500, engagement: null, rating: null }],
  });
});

afterAll(() => testDb.close());

describe("influencers.search", () => {
  it("gives a visitor the first page of 15 cards in reach order, with the total count", async () => {
    const caller = await callerFor(testDb.db);
    const result = await caller.influencers.search({});
    expect(result.count).toBe(21);
    expect(result.influencers).toHaveLength(INFLUENCER_SEARCH_PAGE_SIZE);
    expect(result.influencers.map((card) => card.username)).toEqual(
      Array.from({ length: 15 }, (_, index) => `creator${String(index).padStart(2, "0")}`),
    );
  });

  it("answers the card fields of the spec", async () => {
    const caller = await callerFor(testDb.db);
    const [first] = (await caller.influencers.search({})).influencers;
    expect(first).toEqual({
      id: expect.stringMatching(/^s[0-9a-z]+\.[A-Za-z0-9_-]{10}$/),
      username: "creator00",
      picture: null,
      city: "Lyon",
      country: "fr",
      category: "beauty",
      audience: { males: 50, ages: [18, 30] },
      averageFeeCents: null,
      networks: [{ type: "instagram", followers: 100_000, engagement: 1, rating: 3, audienceQuality: null }],
    });
  });

  it("answers nulls where the profile is unknown, so the card shows dashes", async () => {
    const brand = await createBrand(testDb.db);
    const caller = await callerFor(testDb.db, { userId: brand.id });
    const result = await caller.influencers.search({ currentPage: 2 });
    const blank = result.influencers.find((card) => card.username === "blank");
    expect(blank).toMatchObject({ category: null, city: null, country: null, audience: null, averageFeeCents: null });
    expect(blank?.networks).toEqual([
      { type: "youtube", followers: 2_500, engagement: null, rating: null, audienceQuality: null },
    ]);
  });

  it("ignores page and sort for visitors (the teaser has neither)", async () => {
    const caller = await callerFor(testDb.db);
    const result = await caller.influencers.search({ currentPage: 2, sort: "created_p" });
    expect(result.influencers[0]?.username).toBe("creator00");
  });

  it("pages and sorts for signed-in users", async () => {
    const brand = await createBrand(testDb.db);
    const caller = await callerFor(testDb.db, { userId: brand.id });
    const page2 = await caller.influencers.search({ currentPage: 2 });
    expect(page2.influencers.map((card) => card.username)).toEqual([
      "creator15",
      "creator16",
      "creator17",
      "creator18",
      "creator19",
      "blank",
    ]);
    const newest = await caller.influencers.search({ sort: "created_p" });
    expect(newest.influencers[0]?.username).toBe("blank");
  });

  it("filters by network, followers and keyword", async () => {
    const caller = await callerFor(testDb.db);
    expect((await caller.influencers.search({ networks: ["youtube"] })).count).toBe(1);
    expect((await caller.influencers.search({ followers: [95_000, 100_000] })).count).toBe(6);
    expect((await caller.influencers.search({ query: "CREATOR1" })).count).toBe(10);
    expect((await caller.influencers.search({ query: "%" })).count).toBe(0);
  });

  it("rejects malformed input with BAD_REQUEST and the reason invalid", async () => {
    const caller = await callerFor(testDb.db);
    await expect(caller.influencers.search({ currentPage: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.influencers.search({ followers: [5_000, 2_000] as [number, number] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(caller.influencers.search({ categories: ["cars" as never] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("reads a page with its cards in one statement and the count in another, whatever the filters", async () => {
    const counting = statementCounter(testDb.handle);
    const statementsOf = async (input: Parameters<typeof searchInfluencers>[1]) => {
      counting.reset();
      const result = await searchInfluencers({ db: counting.db, searchIdSecret: "s".repeat(32) }, input, {
        signedIn: true,
      });
      return { statements: counting.statements(), cards: result.influencers.length, count: result.count };
    };
    expect(await statementsOf({})).toEqual({ statements: 2, cards: INFLUENCER_SEARCH_PAGE_SIZE, count: 21 });
    expect(await statementsOf({ currentPage: 2, sort: "engagement_p" })).toEqual({
      statements: 2,
      cards: 6,
      count: 21,
    });
    expect(
      await statementsOf({
        categories: ["beauty", "clothing", "music"],
        countries: ["fr"],
        networks: ["instagram"],
        followers: [2_000, FOLLOWERS_FILTER.max],
        query: "creator",
      }),
    ).toMatchObject({ statements: 2 });
  });

  it("offers pages up to the counted cap's and answers a page past it empty, with its count, without reading it", async () => {
    const counting = statementCounter(testDb.handle);
    const deps = { db: counting.db, searchIdSecret: "s".repeat(32) };
    expect(LAST_PAGE).toBe(Math.ceil(INFLUENCER_SEARCH_COUNT_CAP / INFLUENCER_SEARCH_PAGE_SIZE));
    for (const [currentPage, statements] of [
      [LAST_PAGE, 2],
      [LAST_PAGE + 1, 1],
      [SEARCH_PAGE_MAX, 1],
    ] as const) {
      counting.reset();
      const result = await searchInfluencers(deps, { currentPage }, { signedIn: true });
      expect({ statements: counting.statements(), result }).toEqual({
        statements,
        result: { influencers: [], count: 21, countIsCapped: false, nextCursor: null },
      });
    }
  });
});
