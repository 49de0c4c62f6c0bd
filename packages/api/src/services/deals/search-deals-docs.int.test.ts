import { DEAL_SEARCH_PAGE_SIZE, DEAL_SORTS, type DealSearchInput, dealSearchInput } from "@market/contracts";
import { type Db, deals, rowsOf, sql } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createBrand } from "../../testing";
import { collectsMatches } from "./keyword-search";
import { searchDeals } from "./search-deals";

// Enough deals that common keywords' pages walk the order indexes of deal_search_docs and narrow ones collect and
// sort their matches (collectsMatches): both must list what the deals table says.
const DEALS = 3000;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const brand = (await createBrand(db, { brandName: "Bulk Brand" })).id;
  const now = clock.now().toISOString();
  // Every 10th deal paused, every 7th closed; creation and deadline orders differ, with ties on both.
  await db.execute(sql`
    insert into ${deals} (user_id, title, link, category, price, description, networks, deadline, paused,
      review_status, a_countries, a_languages, created_at)
    select ${brand}, 'Bulk campaign ' || n, 'https://brand.example', case when n % 3 = 0 then 'sports' else 'music' end,
      'p100_250', 'About ' || n, case when n % 4 = 0 then array['youtube'] else array['instagram'] end,
      ${now}::timestamptz + case when n % 7 = 0 then -1 else 1 end * ((n * 37) % 50 + 1) * interval '1 hour',
      n % 10 = 0, 'OK', array['us'], array['en'],
      ${now}::timestamptz - ((n * 13) % 400) * interval '1 minute'
    from generate_series(1, ${DEALS}) n`);
  // The page's plan weighs the table's estimated size.
  await db.execute(sql`analyze deal_search_docs`);
});

afterAll(() => testDb.close());

/** The ids the search should list: straight from deals, as the search read them before deal_search_docs. */
async function expected(input: DealSearchInput): Promise<{ ids: number[]; count: number }> {
  const filters = dealSearchInput.parse(input);
  const network = filters.networks ? sql`and 'youtube' = any(networks)` : sql``;
  const category = filters.categories ? sql`and category = 'sports'` : sql``;
  const order = {
    time_p: sql`created_at desc, id desc`,
    time_m: sql`created_at asc, id asc`,
    remaining_p: sql`deadline desc, id desc`,
    remaining_m: sql`deadline asc, id asc`,
  }[filters.sort];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
    select id from ${deals}
    where deleted_at is null and not paused and review_status <> 'KO' and deadline > ${clock.now().toISOString()}::timestamptz
      and (title ilike ${`%${filters.query}%`} or description ilike ${`%${filters.query}%`}) ${network} ${category}
    order by ${order}`),
  );
  const ids = rows.map((row) => row.id);
  const offset = (filters.page - 1) * DEAL_SEARCH_PAGE_SIZE;
  return { ids: ids.slice(offset, offset + DEAL_SEARCH_PAGE_SIZE), count: ids.length };
}

describe("keyword search over deal_search_docs", () => {
  const cases: DealSearchInput[] = DEAL_SORTS.flatMap((sort) => [
    { query: "bulk", sort },
    { query: "bulk", sort, page: 7 },
    { query: "bulk", sort, networks: ["youtube"], categories: ["sports"] },
    { query: "campaign 12", sort },
    { query: "campaign 12", sort, networks: ["youtube"], categories: ["sports"] },
  ]);

  it.each(cases)("lists what the deals table says: %o", async (input) => {
    const { ids, count } = await expected(input);
    expect(count).toBeGreaterThan(0);
    const result = await searchDeals({ db, clock }, dealSearchInput.parse(input));
    expect(result.deals.map((item) => item.id)).toEqual(ids);
    expect(result.count).toBe(count);
  });

  it("covers both page plans", async () => {
    const [size] = rowsOf<{ docs: number }>(
      await db.execute(sql`select reltuples::float8 as docs from pg_class where oid = 'deal_search_docs'::regclass`),
    );
    const docs = size?.docs ?? -1;
    expect(docs).toBeGreaterThan(DEALS / 2);
    const plan = async (narrow: DealSearchInput) => {
      const all = await expected({ ...narrow, categories: undefined });
      return collectsMatches({ allMatches: all.count, total: (await expected(narrow)).count, offset: 0, docs });
    };
    expect(await plan({ query: "bulk" })).toBe(false);
    expect(await plan({ query: "bulk", networks: ["youtube"], categories: ["sports"] })).toBe(false);
    expect(await plan({ query: "campaign 12", networks: ["youtube"], categories: ["sports"] })).toBe(true);
  });

  it("answers no page past the last match", async () => {
    const result = await searchDeals({ db, clock }, dealSearchInput.parse({ query: "campaign 12", page: 99 }));
    expect(result.deals).toEqual([]);
    expect(result.count).toBeGreaterThan(0);
  });
});
