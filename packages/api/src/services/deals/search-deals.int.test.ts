import { CATEGORIES, DAY_MS, DEAL_SEARCH_PAGE_SIZE, type DealSearchInput, dealSearchInput } from "@market/contracts";
import { type Db, dealImages, deals, eq, files, inArray, type NewDeal } from "@market/db";
import { createTestDb, statementCounter, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import { callerFor, callFailure, createBrand, createInfluencer, type TestCaller } from "../../testing";
import { memoryFileStore } from "../files/memory-file-store";
import { createSearchCache, SEARCH_CACHE_TTL_MS } from "../search-cache";
import { containsPattern } from "./deal-search-parts";
import { searchDeals } from "./search-deals";

let testDb: TestDb;
let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const at = (days: number) => new Date(clock.now().getTime() + days * DAY_MS);
let influencer: TestCaller;
let brandA: number;
let brandB: number;
const ids: Record<string, number> = {};
let firstImageId: string;

/** One deal row, written directly so each test controls every column. */
async function deal(name: string, values: Partial<NewDeal> & { userId: number }) {
  const [row] = await db
    .insert(deals)
    .values({
      title: name,
      link: "https://brand.example",
      category: "sports",
      price: "p100_250",
      description: "A plain campaign",
      networks: ["instagram"],
      deadline: at(10),
      reviewStatus: "OK",
      aCountries: ["us"],
      aLanguages: ["en"],
      createdAt: at(-5),
      ...values,
    })
    .returning({ id: deals.id });
  if (!row) throw new Error("no deal");
  ids[name] = row.id;
  return row.id;
}

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  brandA = (await createBrand(db, { brandName: "Acme Shoes" })).id;
  brandB = (await createBrand(db, { brandName: "Zeta_Labs 100%" })).id;
  influencer = await callerFor(
    db,
    { userId: (await createInfluencer(db)).id },
    clock,
    noSessionCookie,
    memoryFileStore(),
  );
  // Listed: open, not rejected, not deleted.
  await deal("Running shoes", {
    userId: brandA,
    category: "shoes",
    networks: ["instagram", "youtube"],
    price: "p25_100",
    extras: ["discount"],
    eDiscount: "10%",
    createdAt: at(-0.5),
    deadline: at(3),
  });
  await deal("Protein bars", {
    userId: brandB,
    category: "grocery",
    networks: ["youtube"],
    price: "p250_500",
    extras: ["free"],
    eFree: "a box",
    aCountries: ["all"],
    reviewStatus: "NONE",
    createdAt: at(-2),
    deadline: at(20),
  });
  await deal("Trail socks", {
    userId: brandA,
    category: "sports",
    networks: ["twitter"],
    aCountries: ["gb"],
    description: "Socks for TRAIL runners",
    createdAt: at(-3),
    deadline: at(5),
  });
  // Never listed.
  await deal("Paused deal", { userId: brandA, paused: true });
  await deal("Closed deal", { userId: brandA, deadline: clock.now() });
  await deal("Rejected deal", { userId: brandA, reviewStatus: "KO" });
  await deal("Deleted deal", { userId: brandA, deletedAt: at(-1) });
  // Images: the running shoes have two; the card shows position 0.
  const [first, second] = await db
    .insert(files)
    .values(
      [0, 1].map(() => ({
        ownerId: brandA,
        purpose: "deal_image" as const,
        originalName: "i.png",
        contentType: "image/png",
        sizeBytes: 10,
        sha256: "0".repeat(64),
        storageKey: `deal-search-${Math.random()}`,
      })),
    )
    .returning({ id: files.id });
  await db.insert(dealImages).values([
    { dealId: ids["Running shoes"] as number, fileId: second?.id as string, position: 1 },
    { dealId: ids["Running shoes"] as number, fileId: first?.id as string, position: 0 },
  ]);
  firstImageId = first?.id as string;
});
afterAll(() => testDb.close());

const search = (input: DealSearchInput = {}) => influencer.deals.search(input);
const titles = async (input: DealSearchInput = {}) => (await search(input)).deals.map((item) => item.title);

describe("deals.search", () => {
  /** Each input answers through `cached` as it does with no cache. */
  async function expectAnswersAsUncached(cached: Parameters<typeof searchDeals>[0], inputs: DealSearchInput[]) {
    for (const input of inputs) {
      const parsed = dealSearchInput.parse(input);
      expect(await searchDeals(cached, parsed), JSON.stringify(input)).toEqual(
        await searchDeals({ db, clock }, parsed),
      );
    }
  }

  it("lists only open, non-rejected, live deals, newest first, with card fields", async () => {
    const result = await search();
    expect(result.deals.map((item) => item.title)).toEqual(["Running shoes", "Protein bars", "Trail socks"]);
    expect(result.count).toBe(3);
    expect(result.deals[0]).toEqual({
      id: ids["Running shoes"],
      title: "Running shoes",
      author: "Acme Shoes",
      category: "shoes",
      price: "p25_100",
      networks: ["instagram", "youtube"],
      image: expect.stringContaining(firstImageId),
      remainingDuration: 3 * DAY_MS,
      isNew: true,
      extras: ["discount"],
      // A brand that never hired: its short form has no hires and no median (brand-profile.int.test.ts has the rest).
      brand: { id: brandA, hires: 0, medianReleaseHours: null },
    });
    expect(result.deals[1]).toMatchObject({ image: null, isNew: false, author: "Zeta_Labs 100%" });
  });

  it("reads a page with its deals' first images in one statement, beside the counts", async () => {
    const counting = statementCounter(testDb.handle);
    const result = await searchDeals({ db: counting.db, clock }, dealSearchInput.parse({}));
    expect(result.deals.some((item) => item.image !== null)).toBe(true);
    expect(counting.statements()).toBe(2);
  });

  it("sorts by creation and by remaining time both ways", async () => {
    expect(await titles({ sort: "time_m" })).toEqual(["Trail socks", "Protein bars", "Running shoes"]);
    expect(await titles({ sort: "remaining_p" })).toEqual(["Protein bars", "Trail socks", "Running shoes"]);
    expect(await titles({ sort: "remaining_m" })).toEqual(["Running shoes", "Trail socks", "Protein bars"]);
  });

  it("filters by networks, prices, extras and countries ('all' deals fit any country)", async () => {
    expect(await titles({ networks: ["youtube"] })).toEqual(["Running shoes", "Protein bars"]);
    expect(await titles({ networks: ["twitter", "instagram"] })).toEqual(["Running shoes", "Trail socks"]);
    expect(await titles({ prices: ["p250_500", "p100_250"] })).toEqual(["Protein bars", "Trail socks"]);
    expect(await titles({ extras: ["free"] })).toEqual(["Protein bars"]);
    expect(await titles({ countries: ["gb"] })).toEqual(["Protein bars", "Trail socks"]);
    expect(await titles({ countries: ["all"] })).toHaveLength(3);
    expect(await titles({ networks: ["youtube"], countries: ["us"], extras: ["discount"] })).toEqual(["Running shoes"]);
  });

  it("matches the query in title, description and brand name, case-insensitively, wildcards literal", async () => {
    expect(await titles({ query: "PROTEIN" })).toEqual(["Protein bars"]);
    expect(await titles({ query: "trail runners" })).toEqual(["Trail socks"]);
    expect(await titles({ query: "acme" })).toEqual(["Running shoes", "Trail socks"]);
    expect(await titles({ query: "acme_shoes" })).toEqual([]);
    expect(await titles({ query: "zeta_labs 100%" })).toEqual(["Protein bars"]);
    expect(await titles({ query: "%" })).toEqual(["Protein bars"]);
    expect(await titles({ query: "paused" })).toEqual([]);
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("matches a keyword within one field: not across title and description, newlines included", async () => {
    // "Protein bars" + "A plain campaign": the old per-field ILIKEs never joined the two.
    expect(await titles({ query: "bars\na plain" })).toEqual([]);
    expect(await titles({ query: "barsa plain" })).toEqual([]);
    const id = await deal("Multiline", { userId: brandA, category: "toys", description: "Line one\nLine TWO" });
    expect(await titles({ query: "one\nline two" })).toEqual(["Multiline"]);
    await db.delete(deals).where(eq(deals.id, id));
  });

  it("takes the keyword's wildcards and escape character literally in titles and descriptions", async () => {
    const id = await deal("Save 50% now", { userId: brandA, category: "toys", description: "Path C:\\deals_2" });
    expect(await titles({ query: "50%" })).toEqual(["Save 50% now"]);
    expect(await titles({ query: "5_%" })).toEqual([]);
    expect(await titles({ query: "save%now" })).toEqual([]);
    expect(await titles({ query: "c:\\DEALS_2" })).toEqual(["Save 50% now"]);
    expect(await titles({ query: "c:\\deals%2" })).toEqual([]);
    await db.delete(deals).where(eq(deals.id, id));
  });

  it("follows an edited title and description at once (every writer, the search text being generated)", async () => {
    const id = await deal("Old title", { userId: brandB, category: "toys" });
    expect(await titles({ query: "old TITLE" })).toEqual(["Old title"]);
    await db.update(deals).set({ title: "Fresh Title", description: "Brand NEW words" }).where(eq(deals.id, id));
    expect(await titles({ query: "old title" })).toEqual([]);
    expect(await titles({ query: "FRESH title" })).toEqual(["Fresh Title"]);
    expect(await titles({ query: "new words" })).toEqual(["Fresh Title"]);
    await db.delete(deals).where(eq(deals.id, id));
  });

  it("finds a brand's deals by its new name once it renames itself in the settings", async () => {
    const brand = await createBrand(db, { brandName: "Before Rename" });
    await deal("Renamed brand deal", { userId: brand.id, category: "toys" });
    expect(await titles({ query: "before rename" })).toEqual(["Renamed brand deal"]);
    const caller = await callerFor(db, { userId: brand.id }, clock);
    await caller.settings.save({ field: "profile", data: { brandName: "After Rename", about: "" } });
    expect(await titles({ query: "before rename" })).toEqual([]);
    const after = await search({ query: "AFTER rename" });
    expect(after.deals.map((item) => item.title)).toEqual(["Renamed brand deal"]);
    expect(after.deals[0]?.author).toBe("After Rename");
    await db.delete(deals).where(eq(deals.id, ids["Renamed brand deal"] as number));
  });

  it("counts a deal matching the keyword by its brand and by its text once, in the sidebar and the total", async () => {
    // "acme": brand A's two listed deals (one also by its title) and brand B's deal by its description.
    const own = await deal("Acme socks", { userId: brandA, category: "sports", createdAt: at(-6) });
    const other = await deal("Gym bag", {
      userId: brandB,
      category: "sports",
      description: "Fits ACME shoes",
      createdAt: at(-7),
    });
    const result = await search({ query: "acme" });
    expect(result.deals.map((item) => item.title)).toEqual(["Running shoes", "Trail socks", "Acme socks", "Gym bag"]);
    expect(result.count).toBe(4);
    expect(result.categoryCounts).toMatchObject({ shoes: 1, sports: 3, grocery: 0 });
    const sports = await search({ query: "acme", categories: ["sports"], networks: ["instagram"] });
    expect(sports.count).toBe(2);
    expect(sports.categoryCounts).toMatchObject({ shoes: 1, sports: 2 });
    await db.delete(deals).where(inArray(deals.id, [own, other]));
  });

  it("counts per category under the other filters, not the category one", async () => {
    const all = await search();
    expect(Object.keys(all.categoryCounts).sort()).toEqual([...CATEGORIES].sort());
    expect(all.categoryCounts).toMatchObject({ shoes: 1, grocery: 1, sports: 1, beauty: 0 });
    const filtered = await search({ categories: ["shoes", "sports"], networks: ["instagram", "twitter"] });
    expect(filtered.deals.map((item) => item.title)).toEqual(["Running shoes", "Trail socks"]);
    expect(filtered.count).toBe(2);
    expect(filtered.categoryCounts).toMatchObject({ shoes: 1, sports: 1, grocery: 0 });
    const one = await search({ categories: ["grocery"] });
    expect(one.count).toBe(1);
    expect(one.categoryCounts).toMatchObject({ shoes: 1, grocery: 1, sports: 1 });
  });

  it("pages 10 at a time", async () => {
    for (let n = 0; n < 12; n += 1) {
      await deal(`Bulk ${String(n).padStart(2, "0")}`, { userId: brandB, category: "toys", createdAt: at(-10 - n) });
    }
    const first = await search({ categories: ["toys"] });
    expect(first.count).toBe(12);
    expect(first.deals).toHaveLength(DEAL_SEARCH_PAGE_SIZE);
    expect(first.deals[0]?.title).toBe("Bulk 00");
    const second = await search({ categories: ["toys"], page: 2 });
    expect(second.deals.map((item) => item.title)).toEqual(["Bulk 10", "Bulk 11"]);
    expect((await search({ categories: ["toys"], page: 3 })).deals).toEqual([]);
  });

  it("takes paused, rejected, deleted, closed and edited deals out of keyword results, and back", async () => {
    const id = await deal("Lifecycle kite", { userId: brandA, category: "pet", description: "Flies high" });
    const found = async (query: string) => {
      const result = await search({ query });
      return { titles: result.deals.map((item) => item.title), count: result.count, pet: result.categoryCounts.pet };
    };
    const listed = { titles: ["Lifecycle kite"], count: 1, pet: 1 };
    const gone = { titles: [], count: 0, pet: 0 };
    const set = (values: Partial<NewDeal>) => db.update(deals).set(values).where(eq(deals.id, id));
    expect(await found("lifecycle KITE")).toEqual(listed);
    const changes: [Partial<NewDeal>, Partial<NewDeal>][] = [
      [{ paused: true }, { paused: false }],
      [{ reviewStatus: "KO" }, { reviewStatus: "OK" }],
      [{ deletedAt: at(-1) }, { deletedAt: null }],
      [{ deadline: clock.now() }, { deadline: at(2) }],
    ];
    for (const [leave, back] of changes) {
      await set(leave);
      expect(await found("lifecycle kite"), JSON.stringify(leave)).toEqual(gone);
      await set(back);
      expect(await found("lifecycle kite"), JSON.stringify(back)).toEqual(listed);
    }
    await set({ title: "Renamed kite", description: "Stays low" });
    expect(await found("lifecycle kite")).toEqual(gone);
    expect(await found("flies high")).toEqual(gone);
    expect(await found("RENAMED kite")).toEqual({ ...listed, titles: ["Renamed kite"] });
    expect(await found("stays low")).toEqual({ ...listed, titles: ["Renamed kite"] });
    await db.delete(deals).where(eq(deals.id, id));
  });

  it("with a counts cache: answers as without one, one count per filter shape whatever the categories, page or sort", async () => {
    const cached = { db, clock, searchCounts: createSearchCache({ clock }) };
    const inputs: DealSearchInput[] = [
      {},
      { categories: ["shoes"], sort: "remaining_m" },
      { categories: ["grocery", "sports"], page: 2 },
      { networks: ["youtube", "instagram"] },
      { networks: ["instagram", "youtube"], categories: ["shoes"] },
      { query: "acme" },
      { query: "acme", categories: ["sports"], page: 2 },
    ];
    await expectAnswersAsUncached(cached, inputs);
    expect(cached.searchCounts.size()).toBe(3);
    // Within the TTL a new deal is on the page at once; its count follows once the TTL has passed.
    const before = await searchDeals(cached, dealSearchInput.parse({ categories: ["pet"] }));
    const id = await deal("Cached kite", { userId: brandA, category: "pet", createdAt: at(-0.1) });
    const within = await searchDeals(cached, dealSearchInput.parse({ categories: ["pet"] }));
    expect(within.deals.map((item) => item.title)).toEqual(["Cached kite"]);
    expect(within.categoryCounts.pet).toBe(before.categoryCounts.pet);
    clock.advance(SEARCH_CACHE_TTL_MS);
    const after = await searchDeals(cached, dealSearchInput.parse({ categories: ["pet"] }));
    clock.advance(-SEARCH_CACHE_TTL_MS);
    expect(after.categoryCounts.pet).toBe(before.categoryCounts.pet + 1);
    expect(after.count).toBe(before.count + 1);
    await db.delete(deals).where(eq(deals.id, id));
  });

  it("with a pages cache: answers as without one, one read per page, a card's time worked out at each search", async () => {
    const pages = createSearchCache({ clock });
    const cached = { db, clock, searchPages: pages };
    const inputs: DealSearchInput[] = [
      {},
      { sort: "remaining_m" },
      { page: 2 },
      { categories: ["grocery", "sports"] },
      { categories: ["sports", "grocery"] },
      { networks: ["youtube", "instagram"], categories: ["shoes"] },
      { query: "acme" },
      { query: "acme", categories: ["sports"], page: 2 },
    ];
    await expectAnswersAsUncached(cached, inputs);
    // The two orders of the same categories are one page.
    expect(pages.size()).toBe(inputs.length - 1);

    const pet = dealSearchInput.parse({ categories: ["pet"] });
    const before = await searchDeals(cached, pet);
    const id = await deal("Paged kite", { userId: brandA, category: "pet", createdAt: at(-0.1) });
    // Nothing told this cache of the write (the server's watcher would: search-changes.ts): the page is as read.
    expect(await searchDeals(cached, pet)).toEqual(before);
    pages.forget();
    const read = await searchDeals(cached, pet);
    expect(read.deals.map((item) => item.title)).toEqual(["Paged kite"]);
    expect(read.count).toBe(before.count + 1);
    // Served from the cache a second later: the same deal, a second less to go.
    clock.advance(1_000);
    const later = await searchDeals(cached, pet);
    clock.advance(-1_000);
    expect(later.deals.map((item) => item.title)).toEqual(["Paged kite"]);
    expect(later.deals[0]?.remainingDuration).toBe((read.deals[0]?.remainingDuration ?? 0) - 1_000);
    await db.delete(deals).where(eq(deals.id, id));
  });

  it("is for influencers: brands forbidden, visitors unauthorized, bad input invalid", async () => {
    const brand = await callerFor(db, { userId: brandA }, clock);
    expect(await callFailure(brand.deals.search({}))).toMatchObject({ code: "FORBIDDEN", reason: "forbidden" });
    const visitor = await callerFor(db, null, clock);
    expect(await callFailure(visitor.deals.search({}))).toMatchObject({ code: "UNAUTHORIZED", reason: "unauthorized" });
    expect(await callFailure(search({ sort: "nope" as never }))).toMatchObject({ reason: "invalid", issues: ["sort"] });
  });
});
