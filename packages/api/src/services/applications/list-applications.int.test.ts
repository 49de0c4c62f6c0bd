import {
  APPLICATION_FILTER_STATUSES,
  APPLICATION_FILTERS,
  APPLICATIONS_PAGE_SIZE,
  type ApplicationCard,
  type ApplicationListInput,
  type ApplicationStatus,
  applicationListInput,
  DAY_MS,
  type DeniedReason,
} from "@market/contracts";
import {
  applicationPrices,
  applications,
  type Db,
  eq,
  networks,
  notifications,
  refreshApplicationTotals,
  sql,
  users,
} from "@market/db";
import { createTestDb, statementCounter, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import {
  callerFor,
  callFailure,
  campaignBody,
  createAdminUser,
  createBrand,
  createInfluencer,
  type TestCaller,
} from "../../testing";
import type { Viewer } from "../../viewer";
import { memoryFileStore } from "../files/memory-file-store";
import { listApplications, listCampaignApplications } from "./list-applications";

let testDb: TestDb;
let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const store = memoryFileStore();
const at = (days: number) => new Date(clock.now().getTime() + days * DAY_MS);

const as = (userId: number, impersonatorId?: number) =>
  callerFor(db, impersonatorId === undefined ? { userId } : { userId, impersonatorId }, clock, noSessionCookie, store);

/** One stored application as the fixture wrote it, with the status and reason it should read with. */
interface Planted {
  id: number;
  dealId: number;
  influencerId: number;
  reads: ApplicationStatus;
  reason: DeniedReason | null;
  updatedAt: Date;
  totalReach: number;
  totalPriceCents: number;
}

/** The stored states planted, round robin: [stored status, days to expiration, denied reason, reads as]. */
const STATES: [ApplicationStatus, number, DeniedReason | null, ApplicationStatus][] = [
  ["WAITING", 30, null, "WAITING"],
  ["WAITING", -1, null, "DENIED"], // expired, not yet swept: reads DENIED, EXPIRED
  ["PROGRESS", 30, null, "PROGRESS"],
  ["COMPLETE", 30, null, "COMPLETE"],
  ["DENIED", 30, "PRICE_TOO_HIGH", "DENIED"],
];

async function plant(
  deal: { id: number; brandId: number },
  influencerId: number,
  index: number,
  shared: { updatedAt?: Date; reach?: number },
): Promise<Planted> {
  const [stored, days, reason, reads] = STATES[index % STATES.length] as (typeof STATES)[number];
  // Ties on purpose: every third application shares its update instant and reach with others.
  const updatedAt = shared.updatedAt ?? new Date(clock.now().getTime() - (index + 1) * 60_000);
  const [row] = await db
    .insert(applications)
    .values({
      dealId: deal.id,
      influencerId,
      brandId: deal.brandId,
      status: stored,
      deniedReason: reason,
      text: "Hello",
      expiration: at(days),
      createdAt: at(-40),
      updatedAt,
    })
    .returning({ id: applications.id });
  if (!row) throw new Error("not planted");
  const reach = shared.reach ?? 1_000 + ((index * 7_919) % 50_000);
  const priceCents = 2_500 + ((index * 3_301) % 40) * 100;
  await db.insert(applicationPrices).values([
    { applicationId: row.id, networkType: "instagram", priceCents, creationDays: 3, reach },
    { applicationId: row.id, networkType: "youtube", priceCents: 5_000, creationDays: 5, reach: 100 },
  ]);
  await refreshApplicationTotals(db, [row.id]);
  return {
    id: row.id,
    dealId: deal.id,
    influencerId,
    reads,
    reason: reads === "DENIED" ? (reason ?? "EXPIRED") : null,
    updatedAt,
    totalReach: reach + 100,
    totalPriceCents: priceCents + 5_000,
  };
}

let brand: { id: number };
let brandCaller: TestCaller;
let otherBrand: { id: number };
let otherBrandCaller: TestCaller;
let dealIds: number[];
let planted: Planted[];
let star: { id: number; caller: TestCaller };

/**
 * A brand with two campaigns and 50 applications from 25 influencers (each on both), every status among them,
 * an expired WAITING one among them, ties on update time and reach; another brand with one application.
 */
beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  brand = await createBrand(db, { brandName: "Acme Lists" });
  brandCaller = await as(brand.id);
  dealIds = [];
  for (const title of ["Summer shoes", "Winter coats"]) {
    dealIds.push((await brandCaller.deals.create(campaignBody(clock, { title }))).id);
  }
  const influencers = [];
  for (let n = 0; n < 25; n += 1) {
    influencers.push(
      await createInfluencer(db, {
        username: n === 0 ? "Star_Maker" : `creator${n}`,
        city: n % 2 === 0 ? "Paris" : "Montréal",
        country: n % 2 === 0 ? "fr" : "ca",
      }),
    );
  }
  const tieInstant = new Date(clock.now().getTime() - 3 * DAY_MS);
  planted = [];
  for (const [d, dealId] of dealIds.entries()) {
    for (const [n, influencer] of influencers.entries()) {
      const index = d * influencers.length + n;
      const shared = index % 3 === 0 ? { updatedAt: tieInstant, reach: 4_242 } : {};
      planted.push(await plant({ id: dealId, brandId: brand.id }, influencer.id, index, shared));
    }
  }
  const star0 = influencers[0];
  if (!star0) throw new Error("no influencer");
  star = { id: star0.id, caller: await as(star0.id) };

  otherBrand = await createBrand(db, { brandName: "Other Brand" });
  otherBrandCaller = await as(otherBrand.id);
  const otherDeal = (await otherBrandCaller.deals.create(campaignBody(clock, { title: "Other deal" }))).id;
  planted.push(await plant({ id: otherDeal, brandId: otherBrand.id }, star0.id, 0, {}));
}, 60_000);
afterAll(() => testDb.close());

/** Every page of a list, following nextCursor; fails on a loop. */
async function allPages(
  list: (cursor?: string) => Promise<{ applications: ApplicationCard[]; nextCursor: string | null }>,
) {
  const cards: ApplicationCard[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const answer = await list(cursor);
    cards.push(...answer.applications);
    sizes.push(answer.applications.length);
    if (!answer.nextCursor) return { cards, sizes };
    cursor = answer.nextCursor;
  }
  throw new Error("the cursor never ends");
}

const brandList = (input: ApplicationListInput) => (cursor?: string) =>
  brandCaller.applications.list({ ...input, ...(cursor ? { cursor } : {}) });

const mine = () => planted.filter((row) => dealIds.includes(row.dealId));
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const byKey =
  (key: (row: Planted) => number, descending: boolean) =>
  (a: Planted, b: Planted): number => {
    const difference = key(a) - key(b) || a.id - b.id;
    return descending ? -difference : difference;
  };

describe("GET /api/applications for a brand", () => {
  it("pages 20 at a time through every application, no duplicate and no gap, in each sort, ties by id", async () => {
    const orders = {
      time_p: byKey((row) => row.updatedAt.getTime(), true),
      time_m: byKey((row) => row.updatedAt.getTime(), false),
      reach_p: byKey((row) => row.totalReach, true),
      reach_m: byKey((row) => row.totalReach, false),
      price_p: byKey((row) => row.totalPriceCents, true),
      price_m: byKey((row) => row.totalPriceCents, false),
    } as const;
    for (const [sort, order] of Object.entries(orders)) {
      const { cards, sizes } = await allPages(brandList({ sort: sort as keyof typeof orders }));
      expect(sizes, sort).toEqual([APPLICATIONS_PAGE_SIZE, APPLICATIONS_PAGE_SIZE, 10]);
      expect(ids(cards), sort).toEqual(ids([...mine()].sort(order)));
    }
  });

  it("defaults to the most recent activity first", async () => {
    const { applications: page } = await brandCaller.applications.list({});
    expect(ids(page)).toEqual(ids([...mine()].sort(byKey((row) => row.updatedAt.getTime(), true))).slice(0, 20));
  });

  it("filters by the status each application reads with, an expired WAITING one being DENIED, EXPIRED", async () => {
    for (const status of APPLICATION_FILTERS) {
      const wanted = mine().filter((row) => APPLICATION_FILTER_STATUSES[status].includes(row.reads));
      for (const sort of ["time_p", "price_m"] as const) {
        const { cards } = await allPages(brandList({ status, sort }));
        expect(ids(cards).sort(), `${status} ${sort}`).toEqual(ids(wanted).sort());
        for (const card of cards) {
          const row = planted.find((candidate) => candidate.id === card.id);
          expect([card.status, card.deniedReason]).toEqual([row?.reads, row?.reason]);
        }
      }
    }
    const open = await allPages(brandList({ status: "open" }));
    expect(new Set(open.cards.map((card) => card.status))).toEqual(new Set(["WAITING", "PROGRESS"]));
    const closed = await allPages(brandList({ status: "closed" }));
    expect(new Set(closed.cards.map((card) => card.status))).toEqual(new Set(["COMPLETE", "DENIED"]));
    expect(closed.cards.some((card) => card.deniedReason === "EXPIRED")).toBe(true);
  });

  it("searches the influencer's username, city and country (code or name), case-insensitively, anywhere", async () => {
    const names = async (query: string) =>
      (await allPages(brandList({ query }))).cards.map((card) => card.influencer.username);
    expect(await names("STAR_m")).toEqual(["Star_Maker", "Star_Maker"]);
    expect(new Set(await names("montré"))).toEqual(
      new Set(Array.from({ length: 12 }, (_, n) => `creator${2 * n + 1}`)),
    );
    expect(await names("montré")).toHaveLength(24);
    expect(await names("canada")).toHaveLength(24);
    expect(await names("FR")).toHaveLength(26);
    // LIKE's wildcards are plain characters: "_" matches only an underscore.
    expect(await names("r_m")).toEqual(["Star_Maker", "Star_Maker"]);
    expect(await names("%")).toEqual([]);
    // A keyword and a filter and a sort together, across pages.
    const paris = await allPages(brandList({ query: "paris", status: "closed", sort: "reach_p" }));
    const wanted = mine()
      .filter((row) => (planted.indexOf(row) % 25) % 2 === 0 && APPLICATION_FILTER_STATUSES.closed.includes(row.reads))
      .sort(byKey((row) => row.totalReach, true));
    expect(ids(paris.cards)).toEqual(ids(wanted));
  });

  it("shows each card's influencer, deal, totals in dollars, time left while waiting, and unseen notifications", async () => {
    const waiting = mine().find((row) => row.reads === "WAITING") as Planted;
    await db.insert(notifications).values([
      { userId: brand.id, type: "message", applicationId: waiting.id, createdAt: at(-2) },
      { userId: brand.id, type: "message", applicationId: waiting.id, createdAt: at(-1) },
      { userId: brand.id, type: "message", applicationId: waiting.id, createdAt: at(-3), seenAt: at(-1) },
    ]);
    const { cards } = await allPages(brandList({ status: "waiting" }));
    const card = cards.find((candidate) => candidate.id === waiting.id);
    const [user] = await db.select().from(users).where(eq(users.id, waiting.influencerId));
    expect(card).toMatchObject({
      status: "WAITING",
      deniedReason: null,
      influencer: { id: waiting.influencerId, username: user?.username, picture: null },
      deal: { id: waiting.dealId, author: "Acme Lists" },
      totalReach: waiting.totalReach,
      totalPrice: waiting.totalPriceCents / 100,
      timeBeforeExpiration: 30 * DAY_MS,
      updated: waiting.updatedAt,
      unread: 2,
      lastNotification: at(-1),
    });
    expect(["Paris", "Montréal"]).toContain(card?.influencer.city);
    const denied = (await brandCaller.applications.list({ status: "denied" })).applications[0];
    expect(denied?.timeBeforeExpiration).toBeNull();
  });

  it("refuses an influencer sort, a cursor that is not the server's or made for another sort, and unknown values", async () => {
    expect(await callFailure(brandCaller.applications.list({ sort: "notif" }))).toMatchObject({
      code: "BAD_REQUEST",
      reason: "invalid",
    });
    const { nextCursor } = await brandCaller.applications.list({ sort: "reach_p" });
    expect(nextCursor).toBeTruthy();
    for (const cursor of [
      "garbage",
      Buffer.from("[1,2]").toString("base64url"),
      Buffer.from('["reach_p",["12x"],5]').toString("base64url"),
      Buffer.from('["time_p",["2026-02-30T10:00:00.000000Z"],5]').toString("base64url"),
      Buffer.from('["time_p",[null],5]').toString("base64url"),
      Buffer.from('["reach_p",["12"],0]').toString("base64url"),
    ]) {
      expect(await callFailure(brandCaller.applications.list({ sort: "reach_p", cursor })), cursor).toMatchObject({
        code: "BAD_REQUEST",
        reason: "invalid",
      });
    }
    // Instants no PostgreSQL timestamp holds (a day that does not exist, the year 0), each for the sort it names.
    for (const key of ["2026-02-30T10:00:00.000000Z", "0000-01-01T00:00:00.000000Z"]) {
      const cursor = Buffer.from(JSON.stringify(["time_p", [key], 5])).toString("base64url");
      expect(await callFailure(brandCaller.applications.list({ sort: "time_p", cursor })), key).toMatchObject({
        code: "BAD_REQUEST",
        reason: "invalid",
      });
    }
    expect(
      await callFailure(brandCaller.applications.list({ sort: "price_p", cursor: nextCursor as string })),
    ).toMatchObject({
      reason: "invalid",
    });
    for (const input of [{ status: "expired" }, { sort: "followers_p" }, { query: "x".repeat(201) }]) {
      expect(await callFailure(brandCaller.applications.list(input as never))).toMatchObject({ reason: "invalid" });
    }
  });
});

describe("GET /api/campaigns/{id}/applications", () => {
  it("lists one campaign's applicants with the campaign, paged, filtered and searched", async () => {
    const [first] = dealIds as [number];
    const result = await brandCaller.applications.ofCampaign({ id: first, sort: "price_p" });
    expect(result.deal).toMatchObject({ id: first, title: "Summer shoes", applicants: 25 });
    const { cards } = await allPages((cursor) =>
      brandCaller.applications.ofCampaign({ id: first, sort: "price_p", ...(cursor ? { cursor } : {}) }),
    );
    expect(ids(cards)).toEqual(
      ids(
        mine()
          .filter((row) => row.dealId === first)
          .sort(byKey((row) => row.totalPriceCents, true)),
      ),
    );
    const waiting = await brandCaller.applications.ofCampaign({ id: first, status: "waiting", query: "creator" });
    expect(waiting.applications.length).toBeGreaterThan(0);
    for (const card of waiting.applications) {
      expect([card.deal.id, card.status, card.influencer.username.startsWith("creator")]).toEqual([
        first,
        "WAITING",
        true,
      ]);
    }
  });

  it("is the brand's own campaign only: another brand's or an unknown one is not_found, an influencer forbidden", async () => {
    const [first] = dealIds as [number];
    expect(await callFailure(otherBrandCaller.applications.ofCampaign({ id: first }))).toMatchObject({
      code: "NOT_FOUND",
      reason: "not_found",
    });
    expect(await callFailure(brandCaller.applications.ofCampaign({ id: 999_999 }))).toMatchObject({
      reason: "not_found",
    });
    expect(await callFailure(star.caller.applications.ofCampaign({ id: first }))).toMatchObject({
      reason: "forbidden",
    });
    const visitor = await callerFor(db, null, clock);
    expect(await callFailure(visitor.applications.ofCampaign({ id: first }))).toMatchObject({ reason: "unauthorized" });
    expect(await callFailure(visitor.applications.list({}))).toMatchObject({ reason: "unauthorized" });
  });

  it("shows an admin acting as the brand what the brand sees, and nothing of other brands", async () => {
    const admin = await createAdminUser(db);
    const acting = await as(brand.id, admin.id);
    const [first] = dealIds as [number];
    expect(await acting.applications.ofCampaign({ id: first, sort: "reach_m" })).toEqual(
      await brandCaller.applications.ofCampaign({ id: first, sort: "reach_m" }),
    );
    expect(await acting.applications.list({ status: "closed" })).toEqual(
      await brandCaller.applications.list({ status: "closed" }),
    );
    expect(await callFailure(acting.applications.ofCampaign({ id: 999_999 }))).toMatchObject({ reason: "not_found" });
  });
});

describe("GET /api/applications for an influencer", () => {
  it("lists the influencer's own proposals only, searchable by deal title and brand name", async () => {
    const own = planted.filter((row) => row.influencerId === star.id);
    expect(own).toHaveLength(3);
    const { applications: all } = await star.caller.applications.list({ sort: "time_p" });
    expect(ids(all).sort()).toEqual(ids(own).sort());
    const titles = async (query: string) =>
      (await star.caller.applications.list({ query })).applications.map((card) => card.deal.title).sort();
    expect(await titles("WINTER")).toEqual(["Winter coats"]);
    expect(await titles("acme")).toEqual(["Summer shoes", "Winter coats"]);
    expect(await titles("other b")).toEqual(["Other deal"]);
    expect(await titles("paris")).toEqual([]);
    const closed = await star.caller.applications.list({ status: "closed", sort: "time_m" });
    expect(ids(closed.applications)).toEqual(
      ids(
        own
          .filter((row) => ["COMPLETE", "DENIED"].includes(row.reads))
          .sort(byKey((r) => r.updatedAt.getTime(), false)),
      ),
    );
  });

  it("puts applications with unseen notifications first by default (notif), latest notified first, then by activity", async () => {
    const own = planted.filter((row) => row.influencerId === star.id);
    const [a, b, c] = [...own].sort(byKey((row) => row.updatedAt.getTime(), true)) as [Planted, Planted, Planted];
    await db.insert(notifications).values([
      { userId: star.id, type: "message", applicationId: c.id, createdAt: at(-1) },
      { userId: star.id, type: "message", applicationId: b.id, createdAt: at(-2) },
      { userId: star.id, type: "message", applicationId: a.id, createdAt: at(-0.5), seenAt: at(-0.4) },
      // Someone else's notification about the same application does not count.
      { userId: brand.id, type: "message", applicationId: a.id, createdAt: at(-0.1) },
    ]);
    const { applications: cards } = await star.caller.applications.list({});
    expect(ids(cards)).toEqual([c.id, b.id, a.id]);
    expect(cards.map((card) => card.unread)).toEqual([1, 1, 0]);
    expect(await callFailure(star.caller.applications.list({ sort: "reach_p" }))).toMatchObject({ reason: "invalid" });
  });

  it("pages by keyset across ties, applications without notifications, and updates within one millisecond", async () => {
    const many = await createInfluencer(db, { username: "prolific" });
    const caller = await as(many.id);
    const rows: Planted[] = [];
    const tie = new Date(clock.now().getTime() - DAY_MS);
    for (let n = 0; n < 23; n += 1) {
      const dealId = (await otherBrandCaller.deals.create(campaignBody(clock))).id;
      rows.push(await plant({ id: dealId, brandId: otherBrand.id }, many.id, n, n % 2 === 0 ? { updatedAt: tie } : {}));
    }
    await db.insert(notifications).values(
      rows
        .filter((_, n) => n % 4 === 0)
        .map((row, n) => ({
          userId: many.id,
          type: "message" as const,
          applicationId: row.id,
          createdAt: at(-1 - (n % 2)),
        })),
    );
    const notif = await allPages((cursor) => caller.applications.list(cursor ? { cursor } : {}));
    expect(notif.sizes).toEqual([20, 3]);
    expect(ids(notif.cards).sort()).toEqual(ids(rows).sort());
    const unread = notif.cards.filter((card) => card.unread > 0);
    expect(unread).toHaveLength(6);
    expect(notif.cards.slice(0, unread.length)).toEqual(unread);

    // The same millisecond, microseconds apart in the reverse order of the ids: a cursor rounded to the
    // millisecond would repeat or skip rows on the second page.
    await db.execute(
      sql`update applications set updated_at = ${tie.toISOString()}::timestamptz + (1000 - id % 1000) * interval '1 microsecond'
        where influencer_id = ${many.id}`,
    );
    const reversed = ids([...rows].sort((x, y) => y.id - x.id));
    for (const [sort, expected] of [
      ["time_m", reversed],
      ["time_p", [...reversed].reverse()],
    ] as const) {
      const { cards } = await allPages((cursor) => caller.applications.list({ sort, ...(cursor ? { cursor } : {}) }));
      expect(ids(cards), sort).toEqual(expected);
    }
  });
});

describe("the totals behind the reach and price sorts", () => {
  it("follow the proposal as the influencer creates and updates it", async () => {
    const influencer = await createInfluencer(db, {
      networks: [
        { type: "instagram", followers: 10_000 },
        { type: "youtube", followers: 50_000 },
      ],
    });
    const owned = await db.select().from(networks).where(eq(networks.userId, influencer.id));
    const idOf = (type: string) => owned.find((row) => row.type === type)?.id as number;
    const caller = await as(influencer.id);
    const dealId = (await brandCaller.deals.create(campaignBody(clock, { networks: ["instagram", "youtube"] }))).id;
    const { id } = await caller.applications.create({
      dealId,
      text: "Hi",
      expiration: at(20),
      prices: [{ networkId: idOf("instagram"), price: 100, creationDays: 3 }],
    });
    const read = async () =>
      (await brandCaller.applications.ofCampaign({ id: dealId })).applications.map((card) => [
        card.id,
        card.totalReach,
        card.totalPrice,
      ]);
    expect(await read()).toEqual([[id, 10_000, 100]]);
    await caller.applications.update({
      id,
      expiration: at(20),
      prices: [
        { networkId: idOf("instagram"), price: 100, creationDays: 3 },
        { networkId: idOf("youtube"), price: 250, creationDays: 5 },
      ],
    });
    expect(await read()).toEqual([[id, 60_000, 350]]);
  });
});

describe("the statements of a page", () => {
  const viewer = (userId: number, kind: Viewer["kind"]): Viewer => ({
    sessionId: "s",
    userId,
    kind,
    username: "u",
    impersonatorId: null,
  });

  const filters = (input: ApplicationListInput) => applicationListInput.parse(input);

  it("reads a page, its cards and their unseen notifications in one statement, whatever the page's size", async () => {
    const counting = statementCounter(testDb.handle);
    const deps = { db: counting.db, clock };
    const statementsOf = async (read: () => Promise<{ applications: unknown[]; nextCursor: string | null }>) => {
      counting.reset();
      const answer = await read();
      return { statements: counting.statements(), cards: answer.applications.length, next: answer.nextCursor };
    };
    const brandViewer = viewer(brand.id, "brand");
    const first = await statementsOf(() => listApplications(deps, brandViewer, filters({ status: "all" })));
    expect(first).toMatchObject({ statements: 1, cards: APPLICATIONS_PAGE_SIZE });
    expect(
      await statementsOf(() =>
        listApplications(deps, brandViewer, filters({ status: "all", cursor: first.next as string })),
      ),
    ).toMatchObject({ statements: 1, cards: APPLICATIONS_PAGE_SIZE });
    const byReach = await statementsOf(() =>
      listApplications(deps, brandViewer, filters({ status: "closed", sort: "reach_p" })),
    );
    expect(byReach.next).toEqual(expect.any(String));
    expect(
      await statementsOf(() =>
        listApplications(
          deps,
          brandViewer,
          filters({ status: "closed", sort: "reach_p", cursor: byReach.next as string }),
        ),
      ),
    ).toMatchObject({ statements: 1 });
    expect(
      await statementsOf(() => listApplications(deps, brandViewer, filters({ status: "all", query: "fran" }))),
    ).toMatchObject({
      statements: 1,
      cards: APPLICATIONS_PAGE_SIZE,
    });
    expect(
      await statementsOf(() => listApplications(deps, viewer(star.id, "influencer"), filters({ status: "all" }))),
    ).toEqual({
      statements: 1,
      cards: 3,
      next: null,
    });
    // The campaign's list reads the campaign too (its row, applicant count and images, in one statement).
    expect(
      await statementsOf(() =>
        listCampaignApplications(deps, brandViewer, { id: dealIds[0] as number, ...filters({}) }),
      ),
    ).toMatchObject({ statements: 2, cards: APPLICATIONS_PAGE_SIZE });
  });
});
