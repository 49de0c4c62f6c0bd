import { createHash } from "node:crypto";
import {
  APPLICATION_STATUSES,
  BRAND_FIGURE_MIN_COUNT,
  CATEGORIES,
  CHAT_MESSAGE_TYPES,
  DEAL_STATUSES,
  DENIED_REASONS,
  MAX_CAMPAIGN_IMAGES,
  MIN_PAYOUT_CENTS,
  NEW_DEAL_WINDOW_MS,
  RELEASE_WINDOW_MS,
  REVIEW_STATUSES,
  TIME_LEFT_BADGE_MS,
} from "@market/contracts";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, rowsOf } from "../client";
import { createTestDb, type TestDb } from "../testing";
import { DEMO_ACCOUNTS, DEMO_LOGINS, DEMO_PASSWORD, type SeedResult, seedDemo, seedDemoIfEmpty } from ".";
import { DEAL_IMAGE_HEIGHT, DEAL_IMAGE_WIDTH } from "./images";
import { readPng } from "./png-check";
import { SANDBOX_CONFLICT_ACCOUNTS } from "./sandbox-accounts";

const NOW = new Date("2025-06-15T13:45:00Z");
const hashPassword = async (plain: string) => `plain:${plain}`;

let testDb: TestDb;
let db: Db;
let result: SeedResult | null;
/** What the seed handed to saveFile, by storage key. */
const savedFiles = new Map<string, { contentType: string; bytes: Uint8Array }>();

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  result = await seedDemoIfEmpty(db, {
    hashPassword,
    now: NOW,
    saveFile: async ({ storageKey, ...file }) => {
      savedFiles.set(storageKey, file);
    },
  });
});

afterAll(() => testDb.close());

const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));
const values = async (query: SQL) => (await rows<{ value: string }>(query)).map((row) => row.value);
const count = async (query: SQL) => Number((await rows<{ n: string }>(query))[0]?.n);

describe("seedDemoIfEmpty on an empty database", () => {
  it("returns the fixed demo logins and the counts", () => {
    expect(result?.logins).toEqual([
      { role: "brand", email: "brand@demo.test", password: DEMO_PASSWORD },
      { role: "influencer", email: "influencer@demo.test", password: DEMO_PASSWORD },
      { role: "admin", email: "admin@demo.test", password: DEMO_PASSWORD },
      { role: "admin", email: "admin2@demo.test", password: DEMO_PASSWORD },
    ]);
    expect(result?.logins).toEqual(DEMO_LOGINS);
    expect(result?.summary).toMatchObject({ admins: 2, refundRequests: 1, brands: 30, influencers: 300, deals: 80 });
  });

  it("gives the demo brand one working API key and one revoked, whose secrets nobody has (issue 39)", async () => {
    const keys = await rows<{ name: string; revoked: boolean; username: string; hash_length: number }>(sql`
      select k.name, k.revoked_at is not null as revoked, u.username, octet_length(k.secret_hash) as hash_length
      from api_keys k join users u on u.id = k.user_id order by k.created_at`);
    expect(keys).toEqual([
      { name: "Old agency integration", revoked: true, username: expect.any(String), hash_length: 32 },
      { name: "Weekly report script", revoked: false, username: expect.any(String), hash_length: 32 },
    ]);
    const demo = await values(sql`select username as value from users where email = 'brand@demo.test'`);
    expect(keys.map((key) => key.username)).toEqual([demo[0], demo[0]]);
  });

  it("hashes the password once for every account", async () => {
    expect(await values(sql`select distinct password_hash as value from users`)).toEqual([`plain:${DEMO_PASSWORD}`]);
  });

  it("returns null and changes nothing once users exist", async () => {
    const before = await count(sql`select count(*) as n from users`);
    let hashed = 0;
    const again = await seedDemoIfEmpty(db, {
      hashPassword: async (plain) => {
        hashed++;
        return plain;
      },
    });
    expect(again).toBeNull();
    expect(hashed).toBe(0);
    expect(await count(sql`select count(*) as n from users`)).toBe(before);
  });
});

describe("accounts", () => {
  it("has the two admins and the demo accounts with their usernames", async () => {
    const admins = await rows<{ username: string; kind: string }>(
      sql`select username, kind from users where is_admin order by id`,
    );
    expect(admins).toEqual([
      { username: DEMO_ACCOUNTS.admin.username, kind: "brand" },
      { username: DEMO_ACCOUNTS.admin2.username, kind: "brand" },
    ]);
    const demo = await rows<{ email: string; username: string; kind: string }>(
      sql`select email, username, kind from users where email like '%@demo.test' order by email`,
    );
    expect(demo).toEqual([
      { email: "admin2@demo.test", username: "admin2", kind: "brand" },
      { email: "admin@demo.test", username: "admin", kind: "brand" },
      { email: "brand@demo.test", username: "demobrand", kind: "brand" },
      { email: "influencer@demo.test", username: "demoinfluencer", kind: "influencer" },
    ]);
  });

  it("has a refund above the two-person threshold waiting for admin2, asked by the demo admin (issue 36)", async () => {
    const waiting = await rows<{ requester: string; amount: string; status: string }>(
      sql`select u.email as requester, r.amount_cents as amount, a.status from refund_requests r
          join users u on u.id = r.requested_by join applications a on a.id = r.application_id
          where r.status = 'pending'`,
    );
    expect(waiting).toEqual([{ requester: "admin@demo.test", amount: expect.anything(), status: "PROGRESS" }]);
    expect(Number(waiting[0]?.amount)).toBeGreaterThan(100_000);
  });

  it("has at least 30 brands with a profile name and a website", async () => {
    expect(
      await count(sql`
        select count(*) as n from users u
        join brand_profiles b on b.user_id = u.id
        join contacts c on c.user_id = u.id
        where u.kind = 'brand' and not u.is_admin and b.brand_name <> '' and c.website like 'https://%'`),
    ).toBeGreaterThanOrEqual(30);
  });

  it("has 300 influencers with profiles, each but the demo one with 1 to 4 networks of distinct types", async () => {
    expect(await count(sql`select count(*) as n from users where kind = 'influencer'`)).toBe(300);
    expect(await count(sql`select count(*) as n from influencer_profiles`)).toBe(300);
    const perInfluencer = await rows<{ networks: number; types: number }>(sql`
      select count(n.id)::int as networks, count(distinct n.type)::int as types
      from users u left join networks n on n.user_id = u.id
      where u.kind = 'influencer' and u.username <> ${DEMO_ACCOUNTS.influencer.username} group by u.id`);
    expect(perInfluencer).toHaveLength(299);
    for (const { networks, types } of perInfluencer) {
      expect(networks).toBeGreaterThanOrEqual(1);
      expect(networks).toBeLessThanOrEqual(4);
      expect(types).toBe(networks);
    }
  });

  it("spreads influencers over every category, the deal countries, unknown audiences and a few fakes", async () => {
    expect(
      await values(sql`select distinct category as value from influencer_profiles where category is not null`),
    ).toHaveLength(CATEGORIES.length);
    const countries = await values(sql`select distinct country as value from influencer_profiles`);
    expect(countries).toEqual(expect.arrayContaining(["us", "ca", "br", "in", "de", "fr", "gb", "it", "es"]));
    const unknownAudience = await count(
      sql`select count(*) as n from influencer_profiles where audience_males is null`,
    );
    expect(unknownAudience).toBeGreaterThan(10);
    expect(unknownAudience).toBeLessThan(60);
    expect(await count(sql`select count(*) as n from influencer_profiles where maybe_fake`)).toBe(9);
  });

  it("flags every fake influencer with a reason, one appeal waiting with its file, the demo influencer unflagged", async () => {
    // The flags queue's content (issue 36): a standing flag per maybe_fake influencer, and nothing else standing.
    expect(
      await count(sql`select count(*) as n from influencer_flags f
        join influencer_profiles p on p.user_id = f.influencer_id and p.maybe_fake where f.lifted_at is null`),
    ).toBe(9);
    expect(await count(sql`select count(*) as n from influencer_flags where lifted_at is null`)).toBe(9);
    expect(
      await count(sql`select count(*) as n from influencer_flags f join influencer_flag_files ff on ff.flag_id = f.id
        join files on files.id = ff.file_id and files.purpose = 'appeal_file'
        where f.appealed_at is not null and f.decided_at is null`),
    ).toBe(1);
    expect(
      await count(sql`select count(*) as n from influencer_flags f join users u on u.id = f.influencer_id
        where u.email = 'influencer@demo.test'`),
    ).toBe(0);
  });

  it("has networks within the product's bounds, mostly verified, with a couple of conflicts", async () => {
    const [bounds] = await rows<Record<string, number>>(sql`
      select min(followers) as min_followers, max(followers) as max_followers,
        min(engagement) as min_engagement, max(engagement) as max_engagement,
        min(rating) as min_rating, max(rating) as max_rating,
        avg(case when is_verified then 1 else 0 end)::float8 as verified_share,
        count(*) filter (where is_conflicting)::int as conflicting
      from networks where followers > 0`);
    expect(Number(bounds?.min_followers)).toBeGreaterThan(2_000);
    expect(Number(bounds?.max_followers)).toBeGreaterThan(2_000_000);
    expect(bounds?.min_engagement).toBeGreaterThanOrEqual(0.3);
    expect(bounds?.max_engagement).toBeLessThanOrEqual(12);
    // Two pairs of influencers sharing an account, and the demo influencer's two Facebook pages.
    expect(bounds).toMatchObject({ min_rating: 1, max_rating: 5, conflicting: 6 });
    expect(bounds?.verified_share).toBeGreaterThan(0.75);
    expect(await values(sql`select distinct size_class as value from networks order by 1`)).toEqual([
      "big",
      "medium",
      "small",
    ]);
  });

  it("gives one verified influencer each account the network sandboxes offer as a conflict", async () => {
    for (const [type, account] of Object.entries(SANDBOX_CONFLICT_ACCOUNTS)) {
      const holders = await rows<{ username: string; is_verified: boolean; is_conflicting: boolean }>(sql`
        select u.username, n.is_verified, n.is_conflicting from networks n join users u on u.id = n.user_id
        where n.type = ${type} and n.identifier = ${account.identifier} and n.title = ${account.title}`);
      expect(holders).toEqual([{ username: expect.any(String), is_verified: true, is_conflicting: false }]);
      expect(holders[0]?.username).not.toBe(DEMO_ACCOUNTS.influencer.username);
    }
  });

  it("shows the demo influencer every state of the networks tab", async () => {
    const demo = await rows<{ type: string; is_verified: boolean; is_conflicting: boolean; read: boolean }>(sql`
      select n.type, n.is_verified, n.is_conflicting, n.statistics_read_at is not null as read
      from networks n join users u on u.id = n.user_id
      where u.username = ${DEMO_ACCOUNTS.influencer.username} order by n.type, n.id`);
    expect(demo.map((n) => [n.type, n.is_verified, n.is_conflicting, n.read])).toEqual([
      ["blog", false, false, false],
      ["facebook", true, true, true],
      ["facebook", true, true, true],
      ["instagram", true, false, true],
      ["twitter", true, false, true],
      ["youtube", true, false, true],
    ]);
  });

  it("keeps a history of every linked network, spanning the audience-quality range (issue 40)", async () => {
    // At most one snapshot per network and day, none for networks added by name.
    expect(
      await count(sql`select count(*) as n from (select 1 from network_snapshots group by network_id, day
        having count(*) > 1) twice`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from network_snapshots s join networks n on n.id = s.network_id
        where n.type in ('snapchat', 'pinterest', 'tumblr', 'blog')`),
    ).toBe(0);
    const demo = await rows<{ type: string; score: number | null; scored: boolean }>(sql`
      select n.type, n.audience_quality as score, n.audience_quality_detail is not null as scored
      from networks n join users u on u.id = n.user_id
      where u.username = ${DEMO_ACCOUNTS.influencer.username} and n.type <> 'blog' order by n.type, n.id`);
    const scoreOf = (type: string) => demo.find((network) => network.type === type)?.score ?? null;
    expect(scoreOf("instagram")).toBeGreaterThanOrEqual(70);
    expect(scoreOf("youtube")).toBeGreaterThanOrEqual(70);
    // The bought burst, and the Facebook pages linked too lately to tell ("Not enough history yet").
    expect(scoreOf("twitter")).toBeLessThanOrEqual(45);
    expect(demo.filter((network) => network.type === "facebook")).toEqual([
      { type: "facebook", score: null, scored: true },
      { type: "facebook", score: null, scored: true },
    ]);
    // Among everyone: high scores, low ones, and networks without a score yet.
    const spread = (
      await rows<{ high: string; low: string; none: string }>(sql`
      select count(*) filter (where audience_quality >= 70) as high,
        count(*) filter (where audience_quality < 40) as low,
        count(*) filter (where audience_quality is null) as none
      from networks where type in ('instagram', 'youtube', 'facebook', 'twitter')`)
    )[0];
    expect(Number(spread?.high)).toBeGreaterThan(100);
    expect(Number(spread?.low)).toBeGreaterThan(20);
    expect(Number(spread?.none)).toBeGreaterThan(20);
    // The search column is the best score among the networks one may apply with.
    expect(
      await count(sql`select count(*) as n from influencer_profiles p where p.audience_quality <> coalesce((
        select max(n.audience_quality) from networks n
        where n.user_id = p.user_id and n.is_verified and not n.is_conflicting), 0)`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from engagement_tier_medians`)).toBe(3);
  });

  it("computes the search columns", async () => {
    const [demo] = await rows<{ total_reach: string; network_types: string[]; search_text: string }>(sql`
      select p.total_reach, p.network_types, p.search_text from influencer_profiles p
      join users u on u.id = p.user_id where u.username = ${DEMO_ACCOUNTS.influencer.username}`);
    // Only the networks one may apply with count: not the conflicting Facebook pages, nor the blog added by name.
    expect(Number(demo?.total_reach)).toBe(48_200 + 126_500 + 15_300);
    expect([...(demo?.network_types ?? [])].sort()).toEqual(["instagram", "twitter", "youtube"]);
    expect(demo?.search_text).toBe("demoinfluencer austin us");
    expect(await count(sql`select count(*) as n from influencer_profiles where total_reach = 0`)).toBe(
      await count(sql`select count(*) as n from influencer_profiles p where not exists (
        select 1 from networks n where n.user_id = p.user_id and n.is_verified and not n.is_conflicting)`),
    );
    expect(
      await count(sql`select count(*) as n from influencer_profiles where average_fee_cents is not null`),
    ).toBeGreaterThan(100);
  });
});

describe("deals", () => {
  const statusOf = sql`case when deadline < ${NOW.toISOString()}::timestamptz then 'closed'
    when paused then 'paused' else 'open' end`;

  it("has 80 deals in every computed status and every review status", async () => {
    expect(await count(sql`select count(*) as n from deals`)).toBe(80);
    expect(await values(sql`select distinct ${statusOf} as value from deals order by 1`)).toEqual(
      [...DEAL_STATUSES].sort(),
    );
    expect(await values(sql`select distinct review_status as value from deals order by 1`)).toEqual(
      [...REVIEW_STATUSES].sort(),
    );
  });

  it("has deals created within the last 24 hours, all created in the past", async () => {
    const since = new Date(NOW.getTime() - NEW_DEAL_WINDOW_MS).toISOString();
    expect(await count(sql`select count(*) as n from deals where created_at > ${since}::timestamptz`)).toBeGreaterThan(
      3,
    );
    expect(await count(sql`select count(*) as n from deals where created_at > ${NOW.toISOString()}::timestamptz`)).toBe(
      0,
    );
  });

  it("gives the demo brand several campaigns with applicants in each state", async () => {
    const perStatus = await rows<{ status: string; with_applicants: number }>(sql`
      select ${statusOf} as status, count(distinct d.id)::int as with_applicants
      from deals d join users u on u.id = d.user_id join applications a on a.deal_id = d.id
      where u.username = ${DEMO_ACCOUNTS.brand.username} group by 1 order by 1`);
    expect(perStatus.map((row) => row.status)).toEqual(["closed", "open", "paused"]);
    for (const row of perStatus) expect(row.with_applicants).toBeGreaterThanOrEqual(2);
  });

  it("has extras with their texts", async () => {
    for (const [extra, column] of [
      ["discount", sql`e_discount`],
      ["giveaway", sql`e_giveaway`],
      ["free", sql`e_free`],
    ] as const) {
      expect(
        await count(sql`select count(*) as n from deals where ${extra} = any(extras) and ${column} <> ''`),
      ).toBeGreaterThan(0);
      expect(
        await count(sql`select count(*) as n from deals where not ${extra} = any(extras) and ${column} is not null`),
      ).toBe(0);
    }
  });
});

describe("deal images", () => {
  it("gives most deals 1 to 3 images at positions 0..n-1, and a few none", async () => {
    const perDeal = await rows<{ positions: number[] }>(sql`
      select coalesce(array_agg(i.position order by i.position) filter (where i.position is not null), '{}')
        as positions
      from deals d left join deal_images i on i.deal_id = d.id group by d.id`);
    expect(perDeal).toHaveLength(80);
    const counts = perDeal.map((deal) => deal.positions.length);
    expect(counts.filter((n) => n >= 1).length).toBeGreaterThanOrEqual(60);
    expect(counts).toContain(0);
    for (const n of [1, 2, 3]) expect(counts).toContain(n);
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_CAMPAIGN_IMAGES);
    for (const deal of perDeal) {
      expect(deal.positions.map(Number)).toEqual(Array.from({ length: deal.positions.length }, (_, i) => i));
    }
    expect(result?.summary.dealImages).toBe(counts.reduce((sum, n) => sum + n, 0));
  });

  it("stores each image like an upload: a PNG deal_image file of the deal's brand, created with the deal", async () => {
    expect(
      await count(sql`select count(*) as n from deal_images i join deals d on d.id = i.deal_id
      join files f on f.id = i.file_id
      where f.purpose <> 'deal_image' or f.owner_id <> d.user_id or f.content_type <> 'image/png'
        or f.storage_key <> 'deal-images/' || f.id or f.original_name not like '%.png'
        or f.created_at <> d.created_at`),
    ).toBe(0);
    // Every deal_image file is some deal's image.
    expect(
      await count(sql`select count(*) as n from files f where f.purpose = 'deal_image'
      and not exists (select 1 from deal_images i where i.file_id = f.id)`),
    ).toBe(0);
  });

  it("hands every image's bytes to saveFile: a valid 640x360 PNG below 60 kB matching its file row", async () => {
    const images = await rows<{ storage_key: string; size_bytes: number; sha256: string }>(sql`
      select f.storage_key, f.size_bytes, f.sha256 from deal_images i join files f on f.id = i.file_id`);
    expect(images.length).toBeGreaterThan(0);
    const hashes = new Set<string>();
    for (const image of images) {
      const saved = savedFiles.get(image.storage_key);
      expect(saved?.contentType).toBe("image/png");
      const bytes = saved?.bytes ?? new Uint8Array();
      expect(bytes.byteLength).toBe(image.size_bytes);
      expect(bytes.byteLength).toBeLessThan(60_000);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(image.sha256);
      expect(readPng(bytes)).toMatchObject({ width: DEAL_IMAGE_WIDTH, height: DEAL_IMAGE_HEIGHT });
      hashes.add(image.sha256);
    }
    // The images of a deal (and of different deals) differ.
    expect(hashes.size).toBe(images.length);
  });
});

describe("applications", () => {
  it("has every status, every denied reason among them, and waiting ones about to expire", async () => {
    expect(await values(sql`select distinct status as value from applications order by 1`)).toEqual(
      [...APPLICATION_STATUSES].sort(),
    );
    // A refund leaves DENIED without a reason; every other DENIED has one.
    const reasons = await values(
      sql`select distinct denied_reason as value from applications where status = 'DENIED' and refunded_at is null`,
    );
    expect(reasons).toContain("EXPIRED");
    expect(reasons.every((reason) => (DENIED_REASONS as readonly string[]).includes(reason))).toBe(true);
    expect(reasons.length).toBeGreaterThanOrEqual(4);
    const soon = new Date(NOW.getTime() + TIME_LEFT_BADGE_MS).toISOString();
    expect(
      await count(sql`select count(*) as n from applications where status = 'WAITING'
      and expiration <= ${NOW.toISOString()}::timestamptz`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from applications where status = 'WAITING'
      and expiration < ${soon}::timestamptz`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from applications where denied_reason = 'EXPIRED'
      and expiration > ${NOW.toISOString()}::timestamptz`),
    ).toBe(0);
  });

  it("has PROGRESS applications with a future money release date and without one", async () => {
    const progress = await rows<{ release: string | null }>(
      sql`select money_release_date as release from applications where status = 'PROGRESS'`,
    );
    expect(progress.some((row) => row.release === null)).toBe(true);
    const dated = progress.filter((row) => row.release !== null);
    expect(dated.length).toBeGreaterThan(0);
    for (const row of dated) expect(new Date(row.release ?? 0).getTime()).toBeGreaterThan(NOW.getTime());
  });

  it("prices proposals in whole dollars of at least $25 and stores fees on paid ones", async () => {
    expect(
      await count(sql`select count(*) as n from application_prices
      where price_cents < 2500 or price_cents % 100 <> 0`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from applications a
      where not exists (select 1 from application_prices p where p.application_id = a.id)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from applications where status in ('PROGRESS', 'COMPLETE')
      and (fee_brand_percent <> 10 or fee_influencer_percent <> 10 or paid_amount_cents = 0 or paid_at is null)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from applications where status in ('WAITING', 'DENIED')
      and refunded_at is null and (fee_brand_percent is not null or paid_amount_cents <> 0)`),
    ).toBe(0);
  });

  it("shows the demo brand one hire with licensed usage rights and one with whitelisting; every other line organic", async () => {
    const granted = await rows<{ kind: string; months: number; territory: string | null; status: string }>(
      sql`select p.usage_rights->>'kind' as kind, (p.usage_rights->>'months')::int as months,
        p.usage_rights->>'territory' as territory, a.status
      from application_prices p join applications a on a.id = p.application_id
      join users b on b.id = a.brand_id join users i on i.id = a.influencer_id
      where p.usage_rights->>'kind' <> 'organic' and p.hired
        and b.username = ${DEMO_ACCOUNTS.brand.username} and i.username = ${DEMO_ACCOUNTS.influencer.username}`,
    );
    expect(new Set(granted.map((line) => line.kind))).toEqual(new Set(["licensed", "whitelisting"]));
    expect(granted.find((line) => line.kind === "licensed")).toMatchObject({ months: 6, territory: "worldwide" });
    expect(granted.find((line) => line.kind === "whitelisting")).toMatchObject({ months: 3 });
    // Two applications in all carry rights beyond organic.
    expect(
      await count(sql`select count(distinct application_id) as n from application_prices
      where usage_rights->>'kind' <> 'organic'`),
    ).toBe(2);
  });

  it("has every chat message type, automatic and manual releases, and chat files", async () => {
    expect(await values(sql`select distinct type as value from chat_messages order by 1`)).toEqual(
      [...CHAT_MESSAGE_TYPES].sort(),
    );
    expect(
      await values(sql`select distinct (payload->>'automatic') as value from chat_messages
      where type = 'money_released' order by 1`),
    ).toEqual(["false", "true"]);
    expect(
      await count(sql`select count(*) as n from chat_messages m join files f on f.id = m.file_id
      where m.type = 'file' and f.purpose = 'chat_file'`),
    ).toBe(await count(sql`select count(*) as n from chat_messages where type = 'file'`));
    expect(
      await count(sql`select count(*) as n from chat_messages where created_at > ${NOW.toISOString()}::timestamptz`),
    ).toBe(0);
    // Content drafts are pictures, which the chat shows as thumbnails: the demo brand and influencer have one.
    const pictures = await values(sql`select distinct u.email as value from chat_messages m
      join files f on f.id = m.file_id and f.content_type = 'image/png'
      join applications a on a.id = m.application_id
      join users u on u.id in (a.brand_id, a.influencer_id)
      where u.email in ('brand@demo.test', 'influencer@demo.test') order by 1`);
    expect(pictures).toEqual(["brand@demo.test", "influencer@demo.test"]);
    // Each arbitration line of a chat has its request, by the same party at the same moment; each contest (work
    // not done) its request of kind contest by the brand, with the words it said.
    const arbitrations = await count(sql`select count(*) as n from arbitration_requests where kind = 'help'`);
    expect(arbitrations).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from arbitration_requests r join chat_messages m
      on m.application_id = r.application_id and m.type = 'arbitration' and m.sender_id = r.user_id
      and m.created_at = r.created_at where r.kind = 'help'`),
    ).toBe(arbitrations);
    expect(await count(sql`select count(*) as n from chat_messages where type = 'arbitration'`)).toBe(arbitrations);
    const contests = await count(sql`select count(*) as n from arbitration_requests where kind = 'contest'`);
    expect(
      await count(sql`select count(*) as n from arbitration_requests r join chat_messages m
      on m.application_id = r.application_id and m.type = 'work_not_done' and m.sender_id = r.user_id
      and m.created_at = r.created_at and m.text = r.text where r.kind = 'contest'`),
    ).toBe(contests);
    expect(await count(sql`select count(*) as n from chat_messages where type = 'work_not_done'`)).toBe(contests);
  });

  it("shows the release countdown running, paused by a contest, resumed after a closed case, and refunds", async () => {
    // Running: a future release date, nothing paused.
    expect(
      await count(sql`select count(*) as n from applications where status = 'PROGRESS'
      and money_release_date > ${NOW.toISOString()}::timestamptz and release_remaining_ms is null`),
    ).toBeGreaterThan(0);
    // Paused: the time left, an open request (with the contest that opened it, or alone: the console's demo request
    // for arbitration, seed/console-cases.ts), no release date.
    const paused = sql`applications where status = 'PROGRESS' and release_remaining_ms is not null`;
    expect(await count(sql`select count(*) as n from ${paused}`)).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from ${paused} and (money_release_date is not null
      or arbitration_opened_at is null or release_remaining_ms > ${RELEASE_WINDOW_MS})`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from ${paused} and contested_at is null`)).toBe(1);
    expect(
      await count(sql`select count(*) as n from applications a where status = 'PROGRESS'
      and (a.contested_at is not null) <> exists (select 1 from arbitration_requests r
        where r.application_id = a.id and r.kind = 'contest' and r.resolved_at is null)`),
    ).toBe(0);
    // Resumed: the platform's case_closed line gives the release date the row has.
    expect(
      await count(sql`select count(*) as n from chat_messages m join applications a on a.id = m.application_id
      where m.type = 'case_closed' and m.sender_id is null and a.status = 'PROGRESS'
      and (m.payload->>'moneyReleaseDate')::timestamptz = a.money_release_date`),
    ).toBe(await count(sql`select count(*) as n from chat_messages where type = 'case_closed'`));
    // Refunded: DENIED without a reason, a refund line of B, the brand's money back.
    const refunded = await rows<{ denied: string | null; amount: string; paid: string; refunds: string }>(sql`
      select a.denied_reason as denied, (m.payload->>'amountCents') as amount, a.paid_amount_cents as paid,
        (select count(*) from ledger_transactions t where t.application_id = a.id and t.kind = 'refund') as refunds
      from applications a join chat_messages m on m.application_id = a.id and m.type = 'refund'
      where a.status = 'DENIED' and a.refunded_at is not null`);
    expect(refunded.length).toBeGreaterThan(0);
    expect(refunded.length).toBe(
      await count(sql`select count(*) as n from applications where refunded_at is not null`),
    );
    for (const row of refunded) {
      expect(row.denied).toBeNull();
      expect(Number(row.amount)).toBe(Number(row.paid));
      expect(Number(row.refunds)).toBe(1);
    }
    // Each reminder recorded on a row is a notification to the brand.
    expect(
      await count(sql`select count(*) as n from applications a where a.release_reminders_sent <> (select count(*)
        from notifications n where n.application_id = a.id and n.type = 'release_reminder' and n.user_id = a.brand_id)`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from notifications where type = 'release_reminder'`)).toBeGreaterThan(
      0,
    );
    // Whatever the hour of seeding, the first start's sweep has reminders of the demo brand's to send: some fell
    // due before the start of today (seeded moments are counted from it) and are not recorded as sent.
    // As text: a raw parameter has no column to turn a Date into one for postgres.js.
    const dayStart = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate())).toISOString();
    const dueBy = (lead: string) =>
      sql`(a.money_release_date - interval ${sql.raw(`'${lead}'`)} <= ${dayStart}::timestamptz)::int`;
    expect(
      await count(sql`select count(*) as n from applications a join users u on u.id = a.brand_id
        where u.username = ${DEMO_ACCOUNTS.brand.username} and a.status = 'PROGRESS'
          and a.money_release_date > ${dayStart}::timestamptz
          and a.release_reminders_sent < ${dueBy("72 hours")} + ${dueBy("24 hours")}`),
    ).toBeGreaterThan(0);
  });

  it("shows the demo brand a running countdown, a paused one, manual and automatic releases, and a refund", async () => {
    const theirs = sql`applications a where a.brand_id = (select id from users where username = ${DEMO_ACCOUNTS.brand.username})`;
    expect(
      await count(
        sql`select count(*) as n from ${theirs} and a.status = 'PROGRESS' and a.money_release_date is not null`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from ${theirs} and a.release_remaining_ms is not null`),
    ).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from ${theirs} and a.refunded_at is not null`)).toBeGreaterThan(0);
    expect(
      await values(sql`select distinct (m.payload->>'automatic') as value from chat_messages m
      where m.type = 'money_released' and m.application_id in (select a.id from ${theirs}) order by 1`),
    ).toEqual(["false", "true"]);
  });

  it("has feedback only on COMPLETE applications released over 7 days before it", async () => {
    expect(await count(sql`select count(*) as n from feedback`)).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from feedback f join applications a on a.id = f.application_id
      where a.status <> 'COMPLETE' or f.created_at < a.released_at + interval '7 days'`),
    ).toBe(0);
  });

  it("gives the demo brand a hire with feedback and one open for feedback without it", async () => {
    const complete = sql`applications a where a.status = 'COMPLETE'
      and a.brand_id = (select id from users where username = ${DEMO_ACCOUNTS.brand.username})`;
    expect(
      await count(sql`select count(*) as n from ${complete} and exists
      (select 1 from feedback f where f.application_id = a.id)`),
    ).toBeGreaterThan(0);
    // Open: its money_released message is more than 7 days old (spec section 4) and no feedback yet.
    expect(
      await count(sql`select count(*) as n from ${complete} and not exists
      (select 1 from feedback f where f.application_id = a.id) and exists (select 1 from chat_messages m
      where m.application_id = a.id and m.type = 'money_released' and m.created_at < now() - interval '7 days')`),
    ).toBeGreaterThan(0);
    // And still inside the reviews' window (issue 40: writing closes 21 days after the release).
    const dayStart = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate())).toISOString();
    expect(
      await count(sql`select count(*) as n from ${complete} and not exists
      (select 1 from feedback f where f.application_id = a.id) and exists (select 1 from chat_messages m
      where m.application_id = a.id and m.type = 'money_released'
        and m.created_at > ${dayStart}::timestamptz - interval '21 days')`),
    ).toBeGreaterThan(0);
  });

  it("has reviews both ways for the demo accounts: a pair published, one waiting, one published alone (issue 40)", async () => {
    const demo = sql`applications a where a.status = 'COMPLETE'
      and (a.brand_id = (select id from users where username = ${DEMO_ACCOUNTS.brand.username})
      or a.influencer_id = (select id from users where username = ${DEMO_ACCOUNTS.influencer.username}))`;
    const now = sql.raw(`'${NOW.toISOString()}'::timestamptz`);
    const published = (table: string) =>
      sql`exists (select 1 from ${sql.raw(table)} r where r.application_id = a.id and r.published_at <= ${now})`;
    const waiting = (table: string) =>
      sql`exists (select 1 from ${sql.raw(table)} r where r.application_id = a.id and r.published_at > ${now})`;
    const none = (table: string) => sql`not exists (select 1 from ${sql.raw(table)} r where r.application_id = a.id)`;
    expect(
      await count(
        sql`select count(*) as n from ${demo} and ${published("feedback")} and ${published("brand_reviews")}`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from ${demo} and (${waiting("brand_reviews")} or ${waiting("feedback")})`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from ${demo} and ((${published("feedback")} and ${none("brand_reviews")})
        or (${published("brand_reviews")} and ${none("feedback")}))`),
    ).toBeGreaterThan(0);
  });

  it("has reported reviews for the console: two waiting, one hidden with its reason in the audit log", async () => {
    expect(result?.summary.reviewReports).toBe(3);
    expect(
      await count(sql`select count(*) as n from review_reports p join brand_reviews r
        on r.application_id = p.application_id and p.side = 'of_brand' where r.hidden_at is null`),
    ).toBe(2);
    expect(
      await count(sql`select count(*) as n from review_reports p join feedback f
        on f.application_id = p.application_id and p.side = 'of_influencer'
        join admin_audit_log l on l.action = 'review_hide' and l.target_id = p.application_id::text
        where f.hidden_at is not null and l.reason <> ''`),
    ).toBe(1);
  });

  it("publishes reviews by the double-blind rule: the pair's later write, else the window's close", async () => {
    expect(await count(sql`select count(*) as n from brand_reviews`)).toBeGreaterThan(0);
    const released = sql`(select min(m.created_at) from chat_messages m where m.application_id = a.id
      and m.type = 'money_released')`;
    // Alone: the window's close, 21 days after the release; with the other side: the later of both.
    expect(
      await count(sql`select count(*) as n from applications a
      left join feedback f on f.application_id = a.id left join brand_reviews r on r.application_id = a.id
      where (f.application_id is not null or r.application_id is not null) and (
        (f.application_id is not null and r.application_id is not null
          and (f.published_at <> greatest(f.created_at, r.created_at) or r.published_at <> f.published_at))
        or (f.application_id is not null and r.application_id is null and f.published_at <> ${released} + interval '21 days')
        or (r.application_id is not null and f.application_id is null and r.published_at <> ${released} + interval '21 days'))`),
    ).toBe(0);
    // Every review written inside the window.
    expect(
      await count(sql`select count(*) as n from brand_reviews r join applications a on a.id = r.application_id
      where r.created_at < ${released} or r.created_at >= ${released} + interval '21 days'`),
    ).toBe(0);
  });

  it("gives the demo influencer proposals in every status", async () => {
    expect(
      await values(sql`select distinct a.status as value from applications a join users u on u.id = a.influencer_id
      where u.username = ${DEMO_ACCOUNTS.influencer.username} order by 1`),
    ).toEqual([...APPLICATION_STATUSES].sort());
  });

  it("fills both demo accounts' applications lists: every status, an expired proposal, unseen notifications", async () => {
    for (const [column, username] of [
      [sql`a.brand_id`, DEMO_ACCOUNTS.brand.username],
      [sql`a.influencer_id`, DEMO_ACCOUNTS.influencer.username],
    ] as const) {
      const theirs = sql`applications a join users u on u.id = ${column} where u.username = ${username}`;
      expect(await values(sql`select distinct a.status as value from ${theirs} order by 1`), username).toEqual(
        [...APPLICATION_STATUSES].sort(),
      );
      expect(await count(sql`select count(*) as n from ${theirs} and a.denied_reason = 'EXPIRED'`)).toBeGreaterThan(0);
      expect(
        await count(sql`select count(*) as n from ${theirs} and exists (select 1 from notifications n
          where n.application_id = a.id and n.user_id = u.id and n.seen_at is null)`),
        username,
      ).toBeGreaterThan(0);
    }
  });

  it("keeps each application's total reach and price as the sums of its priced networks", async () => {
    expect(
      await count(sql`select count(*) as n from applications a
      join (select application_id, sum(reach) as reach, sum(price_cents) as price from application_prices
        group by application_id) p on p.application_id = a.id
      where a.total_reach <> p.reach or a.total_price_cents <> p.price or a.total_price_cents = 0`),
    ).toBe(0);
  });

  it("has invitations, notifications and preferences", async () => {
    expect(await count(sql`select count(*) as n from invitations`)).toBeGreaterThan(20);
    expect(await count(sql`select count(*) as n from notifications where seen_at is null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from notifications where seen_at is not null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from notification_preferences`)).toBeGreaterThan(0);
  });
});

describe("ledger", () => {
  const balances = sql`select account, sum(amount_cents)::bigint as cents from ledger_entries group by account`;

  it("balances every transaction and the whole ledger", async () => {
    expect(
      await count(sql`select count(*) as n from (select transaction_id from ledger_entries
      group by transaction_id having sum(amount_cents) <> 0) unbalanced`),
    ).toBe(0);
    expect(await count(sql`select coalesce(sum(amount_cents), 0) as n from ledger_entries`)).toBe(0);
  });

  it("uses only the account names of money.md", async () => {
    const accounts = await values(sql`select distinct account as value from ledger_entries`);
    for (const account of accounts) {
      expect(account).toMatch(
        /^(external:stripe|escrow:\d+|platform:fees|influencer:\d+|payouts:pending|external:payouts)$/,
      );
    }
  });

  it("never leaves an influencer or escrow account negative", async () => {
    expect(
      await count(sql`select count(*) as n from (${balances}) b
      where (account like 'influencer:%' or account like 'escrow:%') and cents < 0`),
    ).toBe(0);
  });

  it("holds B in escrow for PROGRESS applications and nothing for the others", async () => {
    const escrow = await rows<{ status: string; paid: string; held: string }>(sql`
      select a.status, a.paid_amount_cents as paid, coalesce(b.cents, 0) as held
      from applications a left join (${balances}) b on b.account = 'escrow:' || a.id`);
    for (const row of escrow) {
      expect(Number(row.held)).toBe(row.status === "PROGRESS" ? Number(row.paid) : 0);
    }
  });

  it("records a payment per paid application and a release per complete one", async () => {
    const [summary] = await rows<Record<string, number>>(sql`
      select
        (select count(*)::int from applications where status in ('PROGRESS', 'COMPLETE') or refunded_at is not null)
          as paid,
        (select count(*)::int from ledger_transactions where kind = 'payment') as payments,
        (select count(*)::int from applications where status = 'COMPLETE') as complete,
        (select count(*)::int from ledger_transactions where kind = 'release') as releases,
        (select count(*)::int from payment_attempts where status = 'succeeded') as attempts`);
    expect(summary?.payments).toBe(summary?.paid);
    expect(summary?.attempts).toBe(summary?.paid);
    expect(summary?.releases).toBe(summary?.complete);
  });

  it("keeps each payment's side in the payment sandbox: a succeeded intent of B under the attempt's key", async () => {
    const mismatched = await count(sql`
      select count(*) as n from payment_attempts a
      left join sandbox_payment_intents i on i.id = a.provider_intent_id
      where a.provider <> 'sandbox' or i.id is null or i.status <> 'succeeded' or i.amount_cents <> a.amount_cents
        or i.idempotency_key <> a.idempotency_key`);
    expect(mismatched).toBe(0);
    expect(await count(sql`select count(*) as n from payment_attempts`)).toBeGreaterThan(0);
    // Each attempt paid for its application's hired networks at its fees.
    const offTerms = await count(sql`
      select count(*) as n from payment_attempts a join applications p on p.id = a.application_id
      where a.fee_brand_percent <> p.fee_brand_percent or a.networks <> (
        select array_agg(network_type order by network_type) from application_prices
        where application_id = p.id and hired)`);
    expect(offTerms).toBe(0);
  });

  it("gives the demo brand a saved card the sandbox can charge", async () => {
    const [card] = await rows<Record<string, unknown>>(sql`
      select c.provider, c.provider_customer_id, c.last4, m.behaviour, m.customer_user_id = u.id as attached
      from users u join saved_cards c on c.user_id = u.id
      join sandbox_payment_methods m on m.id = c.provider_payment_method_id
      where u.email = ${DEMO_ACCOUNTS.brand.email}`);
    expect(card).toMatchObject({ provider: "sandbox", last4: "4242", behaviour: "succeeds", attached: true });
    expect(String(card?.provider_customer_id)).toMatch(/^cus_sandbox_[0-9]+$/);
  });

  it("has paid and processing payouts matching their transactions", async () => {
    expect(await values(sql`select distinct status as value from payouts order by 1`)).toEqual([
      "failed",
      "paid",
      "processing",
    ]);
    expect(
      await count(sql`select count(*) as n from payouts p where p.amount_cents < ${MIN_PAYOUT_CENTS}
      or (p.status = 'paid') <> (p.release_date is not null)`),
    ).toBe(0);
    const [pending] = await rows<{ cents: string }>(
      sql`select coalesce(sum(amount_cents), 0) as cents from ledger_entries where account = 'payouts:pending'`,
    );
    expect(Number(pending?.cents)).toBe(
      await count(sql`select coalesce(sum(amount_cents), 0) as n from payouts where status = 'processing'`),
    );
  });

  it("gives the demo influencer a payout at every step of the tracker: requested, sent, paid, failed", async () => {
    const steps = await values(sql`select distinct case
        when p.status = 'processing' and p.sent_at is null then 'requested'
        when p.status = 'processing' then 'sent' else p.status end as value
      from payouts p join users u on u.id = p.user_id where u.username = ${DEMO_ACCOUNTS.influencer.username}
      order by 1`);
    expect(steps).toEqual(["failed", "paid", "requested", "sent"]);
    expect(
      await count(sql`select count(*) as n from payouts where status = 'processing' and (next_attempt_at is null
        or (sent_at is null) <> (provider_reference is null))`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from notifications n join users u on u.id = n.user_id
        where n.type = 'payout_failed' and u.username = ${DEMO_ACCOUNTS.influencer.username}`),
    ).toBe(1);
    expect(
      await count(sql`select count(*) as n from payouts p where p.status = 'failed' and (p.failure_reason is null
        or not exists (select 1 from ledger_transactions t where t.payout_id = p.id and t.kind = 'payout_failed'))`),
    ).toBe(0);
  });

  it("leaves the demo influencer a balance above the minimum payout", async () => {
    const balance = await count(sql`select coalesce(sum(e.amount_cents), 0) as n from ledger_entries e
      join users u on e.account = 'influencer:' || u.id where u.username = ${DEMO_ACCOUNTS.influencer.username}`);
    expect(balance).toBeGreaterThanOrEqual(MIN_PAYOUT_CENTS);
  });
});

describe("the admin's audit trail", () => {
  it("records each refund and closed case as the admin acting as the brand, with its reason, between start and end", async () => {
    const acts = await rows<{ action: string; application: string; brand: number }>(sql`
      select 'refund' as action, id::text as application, brand_id as brand from applications where refunded_at is not null
      union all
      select 'close_case', m.application_id::text, a.brand_id from chat_messages m
      join applications a on a.id = m.application_id where m.type = 'case_closed'`);
    expect(acts.map((act) => act.action)).toEqual(expect.arrayContaining(["refund", "close_case"]));
    for (const act of acts) {
      const trail = await rows<{ action: string; impersonated_user_id: number; reason: string | null }>(sql`
        select action, impersonated_user_id, reason from admin_audit_log
        where impersonated_user_id = ${act.brand}
          and created_at between (select created_at from admin_audit_log where action = ${act.action}
                                    and target_id = ${act.application}) - interval '4 minutes'
                             and (select created_at from admin_audit_log where action = ${act.action}
                                    and target_id = ${act.application}) + interval '1 minute'
        order by created_at, id`);
      expect(trail.map((entry) => entry.action)).toEqual(["impersonate", act.action, "stop_impersonating"]);
      expect(trail[0]?.reason).toEqual(trail[1]?.reason);
      expect(trail[1]?.reason?.length).toBeGreaterThan(10);
    }
    expect(result?.summary.auditEntries).toBe(acts.length * 3);
  });
});

describe("determinism", () => {
  it("seeds the same marketplace into another database, whatever the hour", async () => {
    const other = await createTestDb();
    try {
      const saved: { storageKey: string; contentType: string; bytes: Uint8Array }[] = [];
      const again = await seedDemo(other.db, {
        hashPassword,
        now: new Date("2025-06-15T00:01:00Z"),
        saveFile: async (file) => {
          saved.push(file);
        },
      });
      expect(again.summary).toEqual(result?.summary);
      // The file store receives the bytes each seeded file row describes.
      const stored = rowsOf<{ storage_key: string; content_type: string; size_bytes: number; sha256: string }>(
        await other.db.execute(sql`select storage_key, content_type, size_bytes, sha256 from files`),
      );
      expect(saved.map((file) => file.storageKey).sort()).toEqual(stored.map((file) => file.storage_key).sort());
      for (const file of saved) {
        const row = stored.find((candidate) => candidate.storage_key === file.storageKey);
        expect(row).toMatchObject({ content_type: file.contentType, size_bytes: file.bytes.byteLength });
        expect(row?.sha256).toBe(createHash("sha256").update(file.bytes).digest("hex"));
      }
      const fingerprint = async (target: Db) =>
        rowsOf(
          await target.execute(sql`
            select u.username, n.type, n.followers, n.engagement,
              (select count(*) from applications a where a.influencer_id = u.id) as applications
            from users u left join networks n on n.user_id = u.id order by u.id, n.id`),
        );
      expect(await fingerprint(other.db)).toEqual(await fingerprint(db));
      const summary = (await seedDemoIfEmpty(other.db, { hashPassword })) ?? "skipped";
      expect(summary).toBe("skipped");
    } finally {
      await other.close();
    }
  });
});

describe("concurrent first starts", () => {
  it("seeds once when two instances find the database empty at the same time", async () => {
    const fresh = await createTestDb();
    try {
      const results = await Promise.all([
        seedDemoIfEmpty(fresh.db, { hashPassword, now: NOW }),
        seedDemoIfEmpty(fresh.db, { hashPassword, now: NOW }),
      ]);
      expect(results.filter((seeded) => seeded === null)).toHaveLength(1);
      expect(Number(rowsOf<{ n: string }>(await fresh.db.execute(sql`select count(*) as n from users`))[0]?.n)).toBe(
        // 1 + 30 brands (the admin among them), 300 influencers, and admin2 (the two-person rule's second admin).
        332,
      );
    } finally {
      await fresh.close();
    }
  });
});

describe("the console's cases (issue 36)", () => {
  it("gives the queue an open contest and a request for arbitration nobody contested, with their chat", async () => {
    expect(
      await count(sql`select count(*) as n from applications where contested_at is not null and status = 'PROGRESS'`),
    ).toBeGreaterThan(0);
    const [asked] = await rows<{ id: number; email: string; remaining: string | null; release: Date | null }>(sql`
      select a.id, b.email, a.release_remaining_ms as remaining, a.money_release_date as release
      from applications a join users b on b.id = a.brand_id
      where a.arbitration_opened_at is not null and a.contested_at is null`);
    expect(asked?.email).toBe("brand@demo.test");
    expect(Number(asked?.remaining)).toBeGreaterThan(0);
    expect(asked?.release).toBeNull();
    expect(
      await values(
        sql`select type as value from chat_messages where application_id = ${asked?.id} order by created_at`,
      ),
    ).toContain("arbitration");
    expect(
      await count(sql`select count(*) as n from arbitration_requests
        where application_id = ${asked?.id} and resolved_at is null and kind = 'help'`),
    ).toBe(1);
  });
});

describe("delivery with proof (issue 37)", () => {
  it("gives every work done a delivery: a post per hired network with its link on the price line, a screenshot", async () => {
    const undelivered = await count(sql`
      select count(*) as n from applications a
      where a.status = 'PROGRESS' and exists (select 1 from chat_messages m where m.application_id = a.id and m.type = 'work_done')
        and not exists (select 1 from deliveries d where d.application_id = a.id)`);
    expect(undelivered).toBe(0);
    expect(
      await count(sql`
        select count(*) as n from application_prices p
        join deliveries d on d.application_id = p.application_id
          and d.id = (select max(c.id) from deliveries c where c.application_id = p.application_id)
        where p.hired and (p.link is null or not exists (
          select 1 from delivered_posts dp where dp.delivery_id = d.id and dp.network_type = p.network_type and dp.url = p.link))`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*) as n from deliveries d
        where not exists (select 1 from delivery_files f join files x on x.id = f.file_id
          where f.delivery_id = d.id and x.content_type = 'image/png' and x.purpose = 'chat_file')`),
    ).toBe(0);
  });

  it("shows the demo brand and influencer verified posts with statistics, one the network could not find", async () => {
    const states = await values(sql`
      select distinct dp.check_state as value from delivered_posts dp
      join deliveries d on d.id = dp.delivery_id join applications a on a.id = d.application_id
      join users b on b.id = a.brand_id join users i on i.id = a.influencer_id
      where b.email = ${DEMO_ACCOUNTS.brand.email} or i.email = ${DEMO_ACCOUNTS.influencer.email}`);
    expect(states).toEqual(expect.arrayContaining(["verified", "not_found"]));
    expect(
      await count(sql`select count(*) as n from delivered_posts where check_state = 'verified' and views is null`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from post_statistics_snapshots where kind = 'initial'`)).toBe(
      await count(sql`select count(*) as n from delivered_posts where check_state = 'verified'`),
    );
  });

  it("has a contest naming one post of its delivery (request changes)", async () => {
    const [named] = await rows<{ posts: string; delivered: string }>(sql`
      select count(cp.*) as posts,
        (select count(*) from delivered_posts dp2 where dp2.delivery_id = d.id) as delivered
      from contested_posts cp join delivered_posts dp on dp.id = cp.delivered_post_id
      join deliveries d on d.id = dp.delivery_id and d.contest_request_id = cp.arbitration_request_id
      group by d.id`);
    expect(Number(named?.posts)).toBe(1);
    expect(Number(named?.delivered)).toBeGreaterThanOrEqual(1);
  });

  it("shows the demo brand a hire delivered again after a request for changes, the first delivery in its history", async () => {
    const [redelivered] = await rows<{ id: number; state: string; settled: boolean; earlier_files: string }>(sql`
      select a.id, dp.check_state as state, r.resolved_at = current.delivered_at as settled,
        (select count(*) from delivery_files f where f.delivery_id = first.id) as earlier_files
      from deliveries first
      join deliveries current on current.application_id = first.application_id and current.id > first.id
      join applications a on a.id = first.application_id
      join users b on b.id = a.brand_id
      join arbitration_requests r on r.id = first.contest_request_id
      join contested_posts cp on cp.arbitration_request_id = r.id
      join delivered_posts dp on dp.id = cp.delivered_post_id and dp.delivery_id = first.id
      where b.email = ${DEMO_ACCOUNTS.brand.email} and a.status = 'PROGRESS' and a.contested_at is null`);
    expect(redelivered).toMatchObject({ state: "other_account", settled: true });
    expect(Number(redelivered?.earlier_files)).toBe(1);
    // The posts the brand did not name are delivered again as they were; the named one is replaced.
    const links = await rows<{ named: boolean; kept: boolean }>(sql`
      select exists (select 1 from contested_posts cp where cp.delivered_post_id = dp.id) as named,
        exists (select 1 from deliveries c join delivered_posts cdp on cdp.delivery_id = c.id
          where c.application_id = ${redelivered?.id} and c.id > dp.delivery_id and cdp.url = dp.url) as kept
      from delivered_posts dp
      where dp.delivery_id = (select min(d.id) from deliveries d where d.application_id = ${redelivered?.id})`);
    expect(links.filter((link) => link.named)).toHaveLength(1);
    expect(links.map(({ named, kept }) => named !== kept)).not.toContain(false);
  });

  it("gives verified YouTube posts the thumbnail the API gives", async () => {
    const youtube = await count(sql`select count(*) as n from delivered_posts
      where network_type = 'youtube' and check_state = 'verified'`);
    expect(youtube).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from delivered_posts where network_type = 'youtube'
        and check_state = 'verified' and thumbnail_url = 'https://i.ytimg.com/vi/' || post_id || '/hqdefault.jpg'`),
    ).toBe(youtube);
  });
});

describe("the demo webhooks (issue 39)", () => {
  it("gives the demo brand one endpoint whose log shows deliveries, one failed and none still to send", async () => {
    const deliveries = await rows<{ status: string; event_type: string; code: number | null }>(sql`
      select d.status, d.event_type, d.last_response_code as code from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id join users u on u.id = e.user_id
      where u.email = ${DEMO_ACCOUNTS.brand.email} order by d.id`);
    expect(await count(sql`select count(*) as n from webhook_endpoints`)).toBe(2);
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    expect(deliveries.filter((row) => row.status === "failed").length).toBeGreaterThanOrEqual(2);
    expect(deliveries.filter((row) => row.status === "succeeded").every((row) => row.code === 200)).toBe(true);
    // Nothing pending: the sender never tries the demo's made-up receiver.
    expect(deliveries.map((row) => row.status)).not.toContain("pending");
  });

  it("shows an endpoint in a rolled secret's grace and one the sender paused after its failures", async () => {
    // The grace ends a day after the seeding (the seed clock's now), so a fresh demo shows it.
    const endpoints = await rows<{ enabled: boolean; paused_reason: string | null; in_grace: boolean }>(sql`
      select e.enabled, e.paused_reason, (e.previous_secret is not null and e.previous_secret_expires_at is not null) as in_grace
      from webhook_endpoints e join users u on u.id = e.user_id
      where u.email = ${DEMO_ACCOUNTS.brand.email} order by e.id`);
    expect(endpoints).toEqual([
      { enabled: true, paused_reason: null, in_grace: true },
      { enabled: false, paused_reason: "failing", in_grace: false },
    ]);
  });
});

describe("brand reliability (issue 40, point 2)", () => {
  /** Each brand's figures recomputed from the lines themselves, beside what the triggers kept. */
  const kept = sql`select b.id as brand_id, r.hires as kept_hires, r.hires_contested as kept_contested,
      r.hires_refunded as kept_refunded, r.releases as kept_releases, r.releases_automatic as kept_automatic,
      r.timed_releases as kept_timed, r.median_release_hours as kept_median,
      count(a.id) as hires,
      count(a.id) filter (where exists (select 1 from chat_messages m
        where m.application_id = a.id and m.type = 'work_not_done')) as contested,
      count(a.id) filter (where a.refunded_at is not null) as refunded,
      count(a.id) filter (where a.released_at is not null) as releases,
      count(a.id) filter (where exists (select 1 from chat_messages m where m.application_id = a.id
        and m.type = 'money_released' and m.payload->>'automatic' = 'true')) as automatic
    from users b
    left join brand_reliability r on r.brand_id = b.id
    left join applications a on a.brand_id = b.id and a.paid_at is not null
    where b.kind = 'brand' and not b.is_admin
    group by b.id, r.brand_id`;
  type Kept = Record<string, string | number | null> & { brand_id: number };

  it("keeps every brand's counts as its lines say", async () => {
    const brands = await rows<Kept>(kept);
    for (const brand of brands) {
      const n = (value: unknown) => Number(value ?? 0);
      expect({
        brand: brand.brand_id,
        kept: [
          brand.kept_hires,
          brand.kept_contested,
          brand.kept_refunded,
          brand.kept_releases,
          brand.kept_automatic,
        ].map(n),
      }).toEqual({
        brand: brand.brand_id,
        kept: [brand.hires, brand.contested, brand.refunded, brand.releases, brand.automatic].map(n),
      });
    }
  });

  it("shows the demo brand's figures above the minimum, with brand and automatic releases, a contest and a refund", async () => {
    const [demo] = await rows<Kept>(
      sql`select * from (${kept}) k where k.brand_id = (select id from users where username = ${DEMO_ACCOUNTS.brand.username})`,
    );
    const n = (value: unknown) => Number(value ?? 0);
    expect(n(demo?.kept_timed)).toBeGreaterThanOrEqual(BRAND_FIGURE_MIN_COUNT);
    expect(n(demo?.kept_hires)).toBeGreaterThanOrEqual(BRAND_FIGURE_MIN_COUNT);
    expect(n(demo?.kept_automatic)).toBeGreaterThan(0);
    expect(n(demo?.kept_automatic)).toBeLessThan(n(demo?.kept_releases));
    expect(n(demo?.kept_contested)).toBeGreaterThan(0);
    expect(n(demo?.kept_refunded)).toBeGreaterThan(0);
    expect(demo?.kept_median).not.toBeNull();
  });

  it("has a brand with hires below the minimum, whose figures stay hidden", async () => {
    const below = await count(
      sql`select count(*) as n from brand_reliability where hires between 1 and ${BRAND_FIGURE_MIN_COUNT - 1}`,
    );
    expect(below).toBeGreaterThan(0);
  });
});
