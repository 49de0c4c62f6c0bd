import { DAY_MS } from "@market/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./client";
import { sweepClosedSearchDocs } from "./deal-search-docs";
import { brandProfiles, type DealSearchDoc, dealSearchDocs, deals, type NewDeal, users } from "./schema";
import { createTestDb, type TestDb } from "./testing";

// Deadlines far from the real clock both ways: the trigger must not depend on the database's clock.
const now = new Date("2026-06-01T12:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);

let testDb: TestDb;
let db: Db;
let brandId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const [brand] = await db
    .insert(users)
    .values({ kind: "brand", username: "brand", email: "brand@test.test", passwordHash: "x" })
    .returning({ id: users.id });
  if (!brand) throw new Error("no brand");
  brandId = brand.id;
  await db.insert(brandProfiles).values({ userId: brandId, brandName: "Acme" });
});

afterAll(() => testDb.close());

async function deal(values: Partial<NewDeal> = {}): Promise<number> {
  const [row] = await db
    .insert(deals)
    .values({
      userId: brandId,
      title: "Summer Shoes",
      link: "https://brand.example",
      category: "sports",
      price: "p100_250",
      description: "Run Fast",
      networks: ["youtube", "instagram"],
      deadline: at(10),
      aCountries: ["us"],
      extras: ["free"],
      createdAt: at(-5),
      ...values,
    })
    .returning({ id: deals.id });
  if (!row) throw new Error("no deal");
  return row.id;
}

async function docOf(id: number): Promise<DealSearchDoc | undefined> {
  const [doc] = await db.select().from(dealSearchDocs).where(eq(dealSearchDocs.dealId, id));
  return doc;
}

const update = (id: number, values: Partial<NewDeal>) => db.update(deals).set(values).where(eq(deals.id, id));

describe("deal_search_docs trigger", () => {
  it("copies a listable deal's search columns on insert", async () => {
    const id = await deal();
    const [row] = await db.select().from(deals).where(eq(deals.id, id));
    expect(await docOf(id)).toEqual({
      dealId: id,
      createdAt: at(-5),
      deadline: at(10),
      userId: brandId,
      category: "sports",
      price: "p100_250",
      networksMask: row?.networksMask,
      extrasMask: row?.extrasMask,
      countriesMask: row?.countriesMask,
      searchText: "summer shoes\nrun fast",
    });
  });

  it("leaves out deals inserted paused, rejected or deleted, and keeps those past their deadline", async () => {
    const paused = await deal({ paused: true });
    const rejected = await deal({ reviewStatus: "KO" });
    const deleted = await deal({ deletedAt: at(-1) });
    const closed = await deal({ deadline: at(-1) });
    expect(await docOf(paused)).toBeUndefined();
    expect(await docOf(rejected)).toBeUndefined();
    expect(await docOf(deleted)).toBeUndefined();
    // The search checks the deadline against its own clock; the sweep removes such docs.
    expect((await docOf(closed))?.deadline).toEqual(at(-1));
  });

  it("follows pause, resume, review KO and OK, edits, and deletion", async () => {
    const id = await deal();
    await update(id, { paused: true });
    expect(await docOf(id)).toBeUndefined();
    await update(id, { paused: false });
    expect(await docOf(id)).toBeDefined();
    await update(id, { reviewStatus: "KO" });
    expect(await docOf(id)).toBeUndefined();
    await update(id, { reviewStatus: "OK" });
    expect(await docOf(id)).toBeDefined();

    await update(id, { title: "Winter Boots", category: "shoes", price: "p25_100", networks: ["blog"], extras: [] });
    expect(await docOf(id)).toMatchObject({
      searchText: "winter boots\nrun fast",
      category: "shoes",
      price: "p25_100",
      networksMask: 128,
      extrasMask: 0,
    });
    await update(id, { deadline: at(-2) });
    expect((await docOf(id))?.deadline).toEqual(at(-2));
    await update(id, { deadline: at(20) });
    expect((await docOf(id))?.deadline).toEqual(at(20));

    await update(id, { deletedAt: at(0) });
    expect(await docOf(id)).toBeUndefined();
  });

  it("ignores the brand's name (matched through brand_profiles) and follows a hard delete", async () => {
    const id = await deal();
    const before = await docOf(id);
    await db.update(brandProfiles).set({ brandName: "Renamed" }).where(eq(brandProfiles.userId, brandId));
    expect(await docOf(id)).toEqual(before);
    await db.delete(deals).where(eq(deals.id, id));
    expect(await docOf(id)).toBeUndefined();
  });

  it("keeps docs in step with multi-row writes", async () => {
    const [first, second, third] = [await deal(), await deal(), await deal()];
    if (!first || !second || !third) throw new Error("no deals");
    await db
      .update(deals)
      .set({ paused: true })
      .where(inArray(deals.id, [first, second]));
    expect(await docOf(first)).toBeUndefined();
    expect(await docOf(second)).toBeUndefined();
    expect(await docOf(third)).toBeDefined();
    await db
      .update(deals)
      .set({ paused: false })
      .where(inArray(deals.id, [first, second, third]));
    expect(await docOf(first)).toBeDefined();
    expect(await docOf(second)).toBeDefined();
  });
});

describe("sweepClosedSearchDocs", () => {
  it("deletes the docs of deals whose deadline has passed, only those", async () => {
    await db.delete(deals);
    const open = await deal({ deadline: at(1) });
    const endsNow = await deal({ deadline: now });
    const closed = await deal({ deadline: at(-1) });
    expect(await sweepClosedSearchDocs(db, now)).toBe(2);
    expect(await docOf(open)).toBeDefined();
    expect(await docOf(endsNow)).toBeUndefined();
    expect(await docOf(closed)).toBeUndefined();
    // The deals themselves stay, and moving a deadline forward brings the doc back.
    expect(await db.select({ id: deals.id }).from(deals)).toHaveLength(3);
    await update(closed, { deadline: at(5) });
    expect(await docOf(closed)).toBeDefined();
    expect(await sweepClosedSearchDocs(db, now)).toBe(0);
  });
});
