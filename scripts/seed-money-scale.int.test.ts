import { ledgerViolations } from "@market/api/testing";
import { type Db, rowsOf, type SQL, sql } from "@market/db";
import { seedDemo } from "@market/db/seed";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONEY_SCALE, type MoneyScaleCounts, seedMoneyScale } from "./seed-money-scale";

const NOW = new Date("2025-06-15T13:45:00Z");

let testDb: TestDb;
let db: Db;
let counts: MoneyScaleCounts | null;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  await seedDemo(db, { hashPassword: async (plain) => `plain:${plain}`, now: NOW });
  counts = await seedMoneyScale(db, NOW);
}, 120_000);

afterAll(() => testDb.close());

const count = async (query: SQL) => Number(rowsOf<{ n: string }>(await db.execute(query))[0]?.n);
const userId = async (username: string) => count(sql`select id as n from users where username = ${username}`);

describe("seedMoneyScale on the demo seed", () => {
  it("gives the influencer 2,000 applications and 20,000 notifications, 200 of them unseen", async () => {
    const influencer = await userId(MONEY_SCALE.influencer);
    expect(await count(sql`select count(*) as n from applications where influencer_id = ${influencer}`)).toBe(2_000);
    expect(await count(sql`select count(*) as n from notifications where user_id = ${influencer}`)).toBe(20_000);
    expect(
      await count(sql`select count(*) as n from notifications where user_id = ${influencer} and seen_at is null`),
    ).toBe(200);
    // Every status, so that each filter of the lists has rows; priced, so that the reach and price sorts order.
    expect(
      await count(sql`select count(distinct status) as n from applications where influencer_id = ${influencer}`),
    ).toBe(4);
    expect(
      await count(sql`select count(*) as n from applications where influencer_id = ${influencer}
        and (total_reach = 0 or total_price_cents = 0)`),
    ).toBe(0);
  });

  it("gives the brand 500 hires of 50 seeded influencers over 10 campaigns, none of them the demo influencer", async () => {
    const brand = await userId(MONEY_SCALE.brand);
    expect(
      await count(sql`select count(*) as n from applications where brand_id = ${brand} and paid_at is not null`),
    ).toBe(500);
    expect(
      await count(sql`select count(distinct influencer_id) as n from applications where brand_id = ${brand}`),
    ).toBe(50);
    expect(await count(sql`select count(*) as n from deals where user_id = ${brand}`)).toBe(10);
    expect(
      await count(sql`select count(*) as n from applications a join users u on u.id = a.influencer_id
        where a.brand_id = ${brand} and u.email = 'influencer@demo.test'`),
    ).toBe(0);
  });

  it("opens every application's chat with its proposal, as sending one does (no chat of the product is empty)", async () => {
    const influencer = await userId(MONEY_SCALE.influencer);
    const brand = await userId(MONEY_SCALE.brand);
    expect(
      await count(sql`select count(*) as n from applications a where (a.influencer_id = ${influencer} or a.brand_id = ${brand})
        and not exists (select 1 from chat_messages m where m.application_id = a.id and m.sender_id = a.influencer_id)`),
    ).toBe(0);
  });

  it("keeps every invariant of the ledger, for the whole ledger", async () => {
    expect(counts?.paid).toBeGreaterThan(1_000);
    expect(
      await count(sql`select count(*) as n from ledger_transactions t join applications a on a.id = t.application_id
        where exists (select 1 from users u where u.id in (a.brand_id, a.influencer_id) and u.username like 'money_%')`),
    ).toBe(counts?.ledgerTransactions);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("lets both accounts log in with the demo password and adds nothing a second time", async () => {
    expect(
      await count(sql`select count(distinct password_hash) as n from users where username in
        (${MONEY_SCALE.influencer}, ${MONEY_SCALE.brand}, 'demoinfluencer')`),
    ).toBe(1);
    expect(await seedMoneyScale(db, NOW)).toBeNull();
    expect(await count(sql`select count(*) as n from users where username like 'money_%'`)).toBe(counts?.users);
  });
});
