import { INFLUENCER_SEARCH_PAGE_SIZE, type InfluencerSearchInput } from "@market/contracts";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createInfluencer } from "../../testing";
import { callerFor } from "../../testing/caller";

let testDb: TestDb;
let caller: Awaited<ReturnType<typeof callerFor>>;

/** The best score of each influencer by username: what the quality sort and filter read. */
const best = new Map<string, number | null>();

beforeAll(async () => {
  testDb = await createTestDb();
  // 36 influencers: scores come in pairs (ties the id orders), every fourth has no score yet, and one has a better
  // second network (the best of its networks counts).
  for (let index = 0; index < 36; index += 1) {
    const username = `quality${String(index).padStart(2, "0")}`;
    const score = index % 4 === 3 ? null : 100 - Math.floor(index / 2) * 5;
    const networks: NonNullable<Parameters<typeof createInfluencer>[1]>["networks"] & object = [
      { type: "instagram", followers: 50_000 + index, engagement: 2, audienceQuality: score },
    ];
    if (index === 30) networks.push({ type: "youtube", followers: 3_000, engagement: 2, audienceQuality: 97 });
    await createInfluencer(testDb.db, { username, networks });
    best.set(username, index === 30 ? 97 : score);
  }
  const brand = await createBrand(testDb.db);
  caller = await callerFor(testDb.db, { userId: brand.id });
}, 120_000);

afterAll(() => testDb.close());

const usernames = (result: { influencers: { username: string }[] }) => result.influencers.map((card) => card.username);

async function walkByCursor(input: InfluencerSearchInput, pages: number) {
  const walked: string[][] = [];
  let after: string | undefined;
  for (let page = 1; page <= pages; page += 1) {
    const result = await caller.influencers.search({ ...input, currentPage: page, ...(after ? { after } : {}) });
    walked.push(usernames(result));
    after = result.nextCursor ?? undefined;
  }
  return walked;
}

describe("influencer search: audience quality", () => {
  it("sorts by the best score of the influencer's networks, ties by id, influencers without a score last", async () => {
    const pages = await walkByCursor({ sort: "quality_p" }, 3);
    const all = pages.flat();
    expect(all).toHaveLength(36);
    const scores = all.map((username) => best.get(username) ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // A tie (quality00 and quality01 both 100): the newer id first.
    expect(all.slice(0, 2)).toEqual(["quality01", "quality00"]);
    // quality30's youtube channel (97) puts it right after the two 100s and before the 95s.
    expect(all.indexOf("quality30")).toBe(2);
    // The unscored come last, the newest first (desc id within the tie at 0).
    expect(all.slice(-9).every((username) => best.get(username) === null)).toBe(true);
  });

  it("reads the same pages by cursor as by page number", async () => {
    const byNumber = await Promise.all(
      [1, 2, 3].map(async (currentPage) =>
        usernames(await caller.influencers.search({ sort: "quality_p", currentPage })),
      ),
    );
    expect(byNumber.map((page) => page.length)).toEqual([15, 15, 6]);
    expect(await walkByCursor({ sort: "quality_p" }, 3)).toEqual(byNumber);
    const filtered = { sort: "quality_p" as const, minQuality: 30 };
    const filteredByNumber = await Promise.all(
      [1, 2].map(async (currentPage) => usernames(await caller.influencers.search({ ...filtered, currentPage }))),
    );
    expect(await walkByCursor(filtered, 2)).toEqual(filteredByNumber);
  });

  it("keeps only influencers with a network at or above the minimum, in any sort, and counts them", async () => {
    const expected = [...best].filter(([, score]) => score !== null && score >= 60).map(([username]) => username);
    for (const sort of ["followers_p", "quality_p", "engagement_p"] as const) {
      const result = await caller.influencers.search({ minQuality: 60, sort });
      expect(result.count).toBe(expected.length);
      expect(usernames(result).sort()).toEqual(expected.slice(0, INFLUENCER_SEARCH_PAGE_SIZE).sort());
    }
    // A minimum of 0 is no filter: the unscored stay.
    expect((await caller.influencers.search({ minQuality: 0 })).count).toBe(36);
    expect((await caller.influencers.search({ minQuality: 100 })).count).toBe(2);
  });

  it("shows each network's score on the cards", async () => {
    const result = await caller.influencers.search({ sort: "quality_p" });
    const card = result.influencers.find((influencer) => influencer.username === "quality30");
    expect(card?.networks.map((network) => [network.type, network.audienceQuality])).toEqual([
      ["instagram", 25],
      ["youtube", 97],
    ]);
  });
});
