/**
 * `DATABASE_URL=postgres://... npx tsx scripts/bench-influencer-search.ts [--runs 30] [--only name]`: server-side
 * timing of the influencer search at scale. Load the database first with `npm run seed:scale -- --influencers N`.
 *
 * For every sort (page 1 and page 50) and the common filter combinations (page 1 and page 50, default sort),
 * and page 50 read from page 49's cursor where the sort has one (as the next-page button asks for it),
 * it calls the search SERVICE (searchInfluencers: page query + bounded count + networks of the cards, as a
 * signed-in brand) `runs` times after one warm-up, and prints p50/p95 beside the p50/p95 of a hand-written
 * ideal SQL query for the same page (ids only: no count, no user join, no networks). The service runs twice:
 * counting every time (no SearchCache, as in the tests), then as the server runs it, with its instance's
 * few-second counts cache (back-to-back runs of one case count once or so; page 1 and 50 share the count).
 */
import { parseArgs } from "node:util";
import { createSearchCache, DEV_SEARCH_ID_SECRET, searchInfluencers, systemClock } from "@market/api";
import type { InfluencerSearchInput, InfluencerSort } from "@market/contracts";
import { createDb, type Db, sql } from "@market/db";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "30" }, only: { type: "string" } },
});
const RUNS = Number(values.runs);
const PAGE_SIZE = 15;

const ORDER_SQL: Record<InfluencerSort, string> = {
  followers_p: "total_reach desc, user_id desc",
  created_p: "created_at desc, user_id desc",
  engagement_p: "max_engagement desc, user_id desc",
  cpf_p: "cost_per_follower asc nulls last, user_id asc",
  cpe_p: "cost_per_engagement asc nulls last, user_id asc",
  hired_p: "hired_count desc, user_id desc",
  quality_p: "audience_quality desc, user_id desc",
};

interface Case {
  name: string;
  input: InfluencerSearchInput;
  /** The hand-written WHERE of the same search. */
  where: string;
}

const SORTS = Object.keys(ORDER_SQL) as InfluencerSort[];
const cases: Case[] = [
  ...SORTS.map((sort) => ({ name: `sort ${sort}`, input: { sort }, where: "true" })),
  { name: "category beauty", input: { categories: ["beauty"] }, where: "category = 'beauty'" },
  { name: "country us", input: { countries: ["us"] }, where: "country = 'us'" },
  { name: "network youtube", input: { networks: ["youtube"] }, where: "network_types && array['youtube']" },
  { name: "engagement high", input: { engagements: ["high"] }, where: "engagement_levels && array['high']" },
  { name: "followers 100k-5M+", input: { followers: [100_000, 5_000_000] }, where: "total_reach >= 100000" },
  { name: "gender female", input: { gender: "female" }, where: "gender = 'female'" },
  { name: "ages 18-24", input: { ages: [18, 24] }, where: "audience_age_min <= 24 and audience_age_max >= 18" },
  { name: "query 'lond'", input: { query: "lond" }, where: "search_text like '%lond%'" },
  { name: "quality 60+", input: { minQuality: 60 }, where: "audience_quality >= 60" },
  {
    name: "quality 60+ by quality",
    input: { minQuality: 60, sort: "quality_p" },
    where: "audience_quality >= 60",
  },
  {
    name: "beauty+us+quality 50+",
    input: { categories: ["beauty"], countries: ["us"], minQuality: 50 },
    where: "category = 'beauty' and country = 'us' and audience_quality >= 50",
  },
  {
    name: "beauty+us+instagram",
    input: { categories: ["beauty"], countries: ["us"], networks: ["instagram"] },
    where: "category = 'beauty' and country = 'us' and network_types && array['instagram']",
  },
  {
    name: "10k-500k+medium+male+25-34",
    input: { followers: [10_000, 500_000], engagements: ["medium"], gender: "male", ages: [25, 34] },
    where:
      "total_reach between 10000 and 500000 and engagement_levels && array['medium'] and gender = 'male' and audience_age_min <= 34 and audience_age_max >= 25",
  },
];

function percentile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const warm = performance.now();
  await run();
  // A slow case gets fewer runs so the whole bench stays bounded.
  const runs = performance.now() - warm > 2_000 ? Math.min(RUNS, 3) : RUNS;
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is required (a PostgreSQL database loaded by npm run seed:scale)");
  const handle = await createDb({ url, max: 4 });
  const db: Db = handle.db;
  const [{ count } = { count: 0 }] = (await db.execute(
    sql`select count(*)::int as count from influencer_profiles`,
  )) as unknown as {
    count: number;
  }[];
  console.log(`influencer_profiles: ${count} rows, ${RUNS} runs per case\n`);
  console.log("| case | page | service p50 | service p95 | cached p50 | cached p95 | ideal p50 | ideal p95 | count |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  const counted = { db, searchIdSecret: DEV_SEARCH_ID_SECRET };
  const cached = { ...counted, searchCounts: createSearchCache({ clock: systemClock }) };
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  for (const testCase of cases) {
    if (values.only && !testCase.name.includes(values.only)) continue;
    // Page 50 as a click on "next" from page 49 asks for it: with page 49's cursor (sorts read by keyset only).
    const page49 = await searchInfluencers(cached, { ...testCase.input, currentPage: 49 }, { signedIn: true });
    const pages: { label: string; page: number; after?: string }[] = [
      { label: "1", page: 1 },
      { label: "50", page: 50 },
      ...(page49.nextCursor ? [{ label: "50 from 49", page: 50, after: page49.nextCursor }] : []),
    ];
    for (const { label, page, after } of pages) {
      const input = { ...testCase.input, currentPage: page, ...(after ? { after } : {}) };
      let found = 0;
      const service = await time(async () => {
        found = (await searchInfluencers(counted, input, { signedIn: true })).count;
      });
      const fast = await time(async () => {
        found = (await searchInfluencers(cached, input, { signedIn: true })).count;
      });
      const order = ORDER_SQL[testCase.input.sort ?? "followers_p"];
      // The ideal is the OFFSET query's (for the cursor's row too: what it spares).
      const ideal = await time(() =>
        db.execute(
          sql.raw(
            `select user_id from influencer_profiles where ${testCase.where} order by ${order} limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
          ),
        ),
      );
      console.log(
        `| ${testCase.name} | ${label} | ${fmt(service.p50)} | ${fmt(service.p95)} | ${fmt(fast.p50)} | ${fmt(fast.p95)} | ${fmt(ideal.p50)} | ${fmt(ideal.p95)} | ${found} |`,
      );
    }
  }
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
