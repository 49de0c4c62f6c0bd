import {
  INFLUENCER_SEARCH_COUNT_CAP,
  INFLUENCER_SEARCH_PAGE_SIZE,
  type InfluencerSearchInput,
} from "@market/contracts";
import { sql } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { callerFor, createBrand } from "../../testing";
import { createSearchCache, SEARCH_CACHE_TTL_MS } from "../search-cache";
import { DEV_SEARCH_ID_SECRET } from "./search-id";
import { searchInfluencers } from "./search-influencers";

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
  // One more influencer than the count cap, in two statements (no fixture loop for 10,001 rows).
  await testDb.db.execute(sql`
    insert into users (kind, username, email, password_hash)
    select 'influencer', 'bulk' || n, 'bulk' || n || '@test.example', 'x'
    from generate_series(1, ${INFLUENCER_SEARCH_COUNT_CAP + 1}) as n`);
  await testDb.db.execute(sql`
    insert into influencer_profiles (user_id, country, total_reach, search_text)
    select id, case when substring(username from 5)::int % 2 = 0 then 'us' else 'fr' end,
      substring(username from 5)::int * 10, lower(username)
    from users where username like 'bulk%'`);
}, 120_000);
afterAll(() => testDb.close());

describe("influencers.search count", () => {
  it("stops counting at the cap and says so", async () => {
    const visitor = await callerFor(testDb.db);
    const all = await visitor.influencers.search({});
    expect(all).toMatchObject({ count: INFLUENCER_SEARCH_COUNT_CAP, countIsCapped: true });
    expect(all.influencers).toHaveLength(INFLUENCER_SEARCH_PAGE_SIZE);
    const half = await visitor.influencers.search({ countries: ["us"] });
    expect(half.countIsCapped).toBe(false);
    // bulk2, bulk4, ..., bulk10000.
    expect(half.count).toBe(5_000);
  });

  it("pages 15 at a time for a signed-in user, deep pages included", async () => {
    const brand = await createBrand(testDb.db);
    const caller = await callerFor(testDb.db, { userId: brand.id });
    const page1 = await caller.influencers.search({ currentPage: 1 });
    const page2 = await caller.influencers.search({ currentPage: 2 });
    const page100 = await caller.influencers.search({ currentPage: 100 });
    expect(page1.influencers).toHaveLength(15);
    expect(page2.influencers).toHaveLength(15);
    expect(page100.influencers).toHaveLength(15);
    const ids = new Set([...page1.influencers, ...page2.influencers].map((card) => card.id));
    expect(ids.size).toBe(30);
    expect(page1.influencers[14]?.username).toBe("bulk9987");
    expect(page2.influencers[0]?.username).toBe("bulk9986");
  });

  it("with a counts cache: answers as without one, one count per filter shape whatever the page or sort", async () => {
    const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
    const plain = { db: testDb.db, searchIdSecret: DEV_SEARCH_ID_SECRET };
    const cached = { ...plain, searchCounts: createSearchCache({ clock }) };
    const brand = { signedIn: true };
    const inputs: InfluencerSearchInput[] = [
      {},
      { currentPage: 3, sort: "created_p" },
      { countries: ["us"] },
      { countries: ["us"], currentPage: 2, sort: "hired_p" },
      { query: "bulk99" },
      { query: "bulk99", currentPage: 2 },
    ];
    for (const input of inputs) {
      expect(await searchInfluencers(cached, input, brand), JSON.stringify(input)).toEqual(
        await searchInfluencers(plain, input, brand),
      );
    }
    expect(cached.searchCounts.size()).toBe(3);
    // Within the TTL the count stays; once it has passed, it follows the change.
    await testDb.db.execute(sql`update influencer_profiles set search_text = 'gone' where search_text = 'bulk9999'`);
    expect((await searchInfluencers(cached, { query: "bulk99" }, brand)).count).toBe(111);
    clock.advance(SEARCH_CACHE_TTL_MS);
    expect((await searchInfluencers(cached, { query: "bulk99" }, brand)).count).toBe(110);
    await testDb.db.execute(sql`update influencer_profiles set search_text = 'bulk9999' where search_text = 'gone'`);
  });

  it("with a pages cache: answers as without one, a visitor's teaser apart from a brand's pages", async () => {
    const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
    const plain = { db: testDb.db, searchIdSecret: DEV_SEARCH_ID_SECRET };
    const pages = createSearchCache({ clock });
    const cached = { ...plain, searchPages: pages };
    const brand = { signedIn: true };
    const visitor = { signedIn: false };
    const first = await searchInfluencers(plain, {}, brand);
    const inputs: [InfluencerSearchInput, { signedIn: boolean }][] = [
      [{}, brand],
      [{ currentPage: 2, after: first.nextCursor ?? undefined }, brand],
      [{ currentPage: 2 }, brand],
      [{ currentPage: 2, sort: "created_p" }, visitor],
      [{}, visitor],
      [{ countries: ["us"], query: "bulk99" }, brand],
      [{ query: "bulk99", countries: ["us"] }, brand],
    ];
    for (const [input, viewer] of inputs) {
      expect(await searchInfluencers(cached, input, viewer), JSON.stringify(input)).toEqual(
        await searchInfluencers(plain, input, viewer),
      );
    }
    // A visitor's asked page and sort are ignored: their two calls share the teaser; equal filters share a page.
    expect(pages.size()).toBe(5);
    expect((await searchInfluencers(cached, { currentPage: 2 }, visitor)).nextCursor).toBeNull();
    expect((await searchInfluencers(cached, {}, brand)).nextCursor).toBe(first.nextCursor);

    // Nothing told this cache of the write (the server's watcher would: search-changes.ts): the page is as read.
    const keyword = { query: "bulk9999" };
    const before = await searchInfluencers(cached, keyword, brand);
    await testDb.db.execute(sql`update influencer_profiles set city = 'Cached town' where search_text = 'bulk9999'`);
    expect(await searchInfluencers(cached, keyword, brand)).toEqual(before);
    pages.forget();
    expect((await searchInfluencers(cached, keyword, brand)).influencers[0]?.city).toBe("Cached town");
    await testDb.db.execute(sql`update influencer_profiles set city = ${before.influencers[0]?.city ?? null}
      where search_text = 'bulk9999'`);
  });
});
