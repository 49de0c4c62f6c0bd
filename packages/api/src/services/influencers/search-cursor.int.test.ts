import { INFLUENCER_SEARCH_PAGE_SIZE, type InfluencerSearchInput, type InfluencerSort } from "@market/contracts";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createInfluencer } from "../../testing";
import { callerFor } from "../../testing/caller";
import { encodeSearchCursor } from "./search-cursor";

let testDb: TestDb;
let caller: Awaited<ReturnType<typeof callerFor>>;

beforeAll(async () => {
  testDb = await createTestDb();
  // 40 influencers over three pages. Reaches come in pairs and nobody is hired, so the keys tie and only the id
  // orders them within a tie.
  for (let index = 0; index < 40; index += 1) {
    await createInfluencer(testDb.db, {
      username: `paged${String(index).padStart(2, "0")}`,
      category: index % 2 === 0 ? "beauty" : "clothing",
      networks: [
        {
          type: "instagram",
          followers: 500_000 - Math.floor(index / 2) * 1_000,
          engagement: 1 + (index % 7) / 4,
          rating: 3,
        },
      ],
    });
  }
  const brand = await createBrand(testDb.db);
  caller = await callerFor(testDb.db, { userId: brand.id });
}, 120_000);

afterAll(() => testDb.close());

const usernames = (result: { influencers: { username: string }[] }) => result.influencers.map((card) => card.username);

/** Every page of a search read in turn, each from the previous page's cursor. */
async function walkByCursor(input: InfluencerSearchInput) {
  const pages: string[][] = [];
  let after: string | undefined;
  for (let page = 1; page <= 3; page += 1) {
    const result = await caller.influencers.search({ ...input, currentPage: page, ...(after ? { after } : {}) });
    pages.push(usernames(result));
    after = result.nextCursor ?? undefined;
    // A short page has no next one.
    if (result.influencers.length === INFLUENCER_SEARCH_PAGE_SIZE)
      expect(result.nextCursor).toEqual(expect.any(String));
    else expect(result.nextCursor).toBeNull();
  }
  return pages;
}

describe("influencer search: the next page from a cursor", () => {
  it.each<InfluencerSort>(["followers_p", "engagement_p", "hired_p"])(
    "gives the pages that page numbers give, ties included (%s)",
    async (sort) => {
      const byNumber = await Promise.all(
        [1, 2, 3].map(async (currentPage) => usernames(await caller.influencers.search({ sort, currentPage }))),
      );
      expect(byNumber.map((page) => page.length)).toEqual([15, 15, 10]);
      expect(await walkByCursor({ sort })).toEqual(byNumber);
      expect(await walkByCursor({ sort, categories: ["beauty"] })).toEqual([
        ...(await Promise.all(
          [1, 2].map(async (currentPage) =>
            usernames(await caller.influencers.search({ sort, categories: ["beauty"], currentPage })),
          ),
        )),
        [],
      ]);
    },
  );

  it("reads on from the last card shown, where page numbers would shift when a new influencer comes first", async () => {
    const first = await caller.influencers.search({ categories: ["clothing"] });
    expect(first.influencers).toHaveLength(15);
    const lastShown = first.influencers.at(-1)?.username;
    await createInfluencer(testDb.db, {
      username: "newcomer",
      category: "clothing",
      networks: [{ type: "instagram", followers: 900_000, engagement: 2, rating: 3 }],
    });
    const byNumber = await caller.influencers.search({ categories: ["clothing"], currentPage: 2 });
    // Page 2 by number now starts with the card page 1 ended on.
    expect(byNumber.influencers[0]?.username).toBe(lastShown);
    const fromCursor = await caller.influencers.search({
      categories: ["clothing"],
      currentPage: 2,
      after: first.nextCursor as string,
    });
    expect(usernames(fromCursor)).toEqual(usernames(byNumber).slice(1));
    expect(usernames(fromCursor)).not.toContain(lastShown);
    expect(usernames(first)).not.toContain("newcomer");
  });

  it("ignores a cursor of another search, sort or page, and reads the page by its number", async () => {
    const page1 = await caller.influencers.search({ categories: ["beauty"] });
    const after = page1.nextCursor as string;
    const expected = async (input: InfluencerSearchInput) => usernames(await caller.influencers.search(input));
    for (const input of [
      { categories: ["clothing" as const], currentPage: 2 },
      { categories: ["beauty" as const], sort: "engagement_p" as const, currentPage: 2 },
      { categories: ["beauty" as const], currentPage: 3 },
    ]) {
      expect(usernames(await caller.influencers.search({ ...input, after }))).toEqual(await expected(input));
    }
  });

  it("gives no cursor to a visitor, nor in a sort read by page number", async () => {
    const visitor = await callerFor(testDb.db);
    expect((await visitor.influencers.search({})).nextCursor).toBeNull();
    for (const sort of ["created_p", "cpf_p", "cpe_p"] as const) {
      expect((await caller.influencers.search({ sort })).nextCursor).toBeNull();
    }
    expect((await caller.influencers.search({})).influencers).toHaveLength(INFLUENCER_SEARCH_PAGE_SIZE);
  });

  it("refuses a malformed cursor as invalid on `after`", async () => {
    const forged = [
      "not base64 json!",
      Buffer.from("[1,2]").toString("base64url"),
      encodeSearchCursor({ search: "x", sort: "created_p", page: 1, key: 1, id: 1 }),
      encodeSearchCursor({ search: "x", sort: "followers_p", page: 0, key: 1, id: 1 }),
      encodeSearchCursor({ search: "x", sort: "followers_p", page: 1, key: 1, id: 0 }),
      Buffer.from(JSON.stringify(["x", "followers_p", 1, "1; drop", 1])).toString("base64url"),
    ];
    for (const after of forged) {
      await expect(caller.influencers.search({ currentPage: 2, after })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        cause: { reason: "invalid", issues: [expect.objectContaining({ path: ["after"] })] },
      });
    }
  });
});
