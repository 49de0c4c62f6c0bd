import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshApplicationTotals } from "./application-totals";
import type { Db } from "./client";
import { resolveMigrationsFolder } from "./migrate";
import { applicationPrices, applications, deals, users } from "./schema";
import { createTestDb, type TestDb } from "./testing";

let testDb: TestDb;
let db: Db;
let priced: number;
let unpriced: number;

/** Two applications of one deal: one with two priced networks (reach 1,500, $125), one without prices. */
beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const people = await db
    .insert(users)
    .values([
      { kind: "brand", username: "brand", email: "brand@test.test", passwordHash: "x" },
      { kind: "influencer", username: "one", email: "one@test.test", passwordHash: "x" },
      { kind: "influencer", username: "two", email: "two@test.test", passwordHash: "x" },
    ])
    .returning({ id: users.id });
  const [brand, one, two] = people.map((person) => person.id) as [number, number, number];
  const [deal] = await db
    .insert(deals)
    .values({
      userId: brand,
      title: "deal",
      link: "https://brand.test",
      category: "beauty",
      price: "p25_100",
      description: "d",
      networks: ["instagram", "youtube"],
      deadline: new Date("2030-01-01"),
    })
    .returning({ id: deals.id });
  const rows = await db
    .insert(applications)
    .values(
      [one, two].map((influencerId) => ({
        dealId: deal?.id as number,
        influencerId,
        brandId: brand,
        text: "t",
        expiration: new Date("2030-01-01"),
      })),
    )
    .returning({ id: applications.id });
  [priced, unpriced] = rows.map((row) => row.id) as [number, number];
  await db.insert(applicationPrices).values([
    { applicationId: priced, networkType: "instagram", priceCents: 5_000, creationDays: 2, reach: 1_000 },
    { applicationId: priced, networkType: "youtube", priceCents: 7_500, creationDays: 2, reach: 500 },
  ]);
});

afterAll(() => testDb.close());

const totals = async () =>
  db
    .select({ id: applications.id, reach: applications.totalReach, price: applications.totalPriceCents })
    .from(applications)
    .where(inArray(applications.id, [priced, unpriced]))
    .orderBy(applications.id);

describe("application totals", () => {
  it("refreshApplicationTotals sums the priced networks of the given applications, 0 without any", async () => {
    await db.update(applications).set({ totalReach: 7, totalPriceCents: 7 });
    await refreshApplicationTotals(db, [priced, unpriced]);
    expect(await totals()).toEqual([
      { id: priced, reach: 1_500, price: 12_500 },
      { id: unpriced, reach: 0, price: 0 },
    ]);
    await db.delete(applicationPrices).where(eq(applicationPrices.networkType, "youtube"));
    await refreshApplicationTotals(db, [priced]);
    await refreshApplicationTotals(db, []);
    expect((await totals())[0]).toEqual({ id: priced, reach: 1_000, price: 5_000 });
  });

  it("migration 0016 backfills the totals of applications written before the columns", async () => {
    await db.update(applications).set({ totalReach: 0, totalPriceCents: 0 });
    const folder = resolveMigrationsFolder();
    const file = readFileSync(path.join(folder, "0016_application_totals_backfill.sql"), "utf8");
    await db.execute(sql.raw(file));
    expect(await totals()).toEqual([
      { id: priced, reach: 1_000, price: 5_000 },
      { id: unpriced, reach: 0, price: 0 },
    ]);
  });
});
