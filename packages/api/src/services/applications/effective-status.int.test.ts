import { APPLICATION_STATUSES, type ApplicationStatus, DAY_MS } from "@market/contracts";
import { applications, type Db, eq, inArray } from "@market/db";
import { createTestDb, type TestDb } from "@market/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { noSessionCookie } from "../../context";
import { callerFor, campaignBody, createBrand, createInfluencer } from "../../testing";
import { memoryFileStore } from "../files/memory-file-store";
import { effectiveDeniedReasonSql, effectiveStatus, effectiveStatusIn, effectiveStatusSql } from "./effective-status";

let testDb: TestDb;
let db: Db;
const now = new Date("2026-06-01T12:00:00Z");
const ids: number[] = [];

/** One application per case, each of a fresh influencer on one deal. */
const cases = [
  { status: "WAITING", expiration: new Date(now.getTime() - DAY_MS), deniedReason: null },
  { status: "WAITING", expiration: now, deniedReason: null },
  { status: "WAITING", expiration: new Date(now.getTime() + 1000), deniedReason: null },
  { status: "DENIED", expiration: new Date(now.getTime() + DAY_MS), deniedReason: "PRICE_TOO_HIGH" },
  { status: "PROGRESS", expiration: new Date(now.getTime() - DAY_MS), deniedReason: null },
  { status: "COMPLETE", expiration: new Date(now.getTime() - DAY_MS), deniedReason: null },
] as const;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  const brand = await createBrand(db);
  const clock = fixedClock(now);
  const deal = await (
    await callerFor(db, { userId: brand.id }, clock, noSessionCookie, memoryFileStore())
  ).deals.create(campaignBody(clock));
  for (const row of cases) {
    const influencer = await createInfluencer(db);
    const [inserted] = await db
      .insert(applications)
      .values({ dealId: deal.id, influencerId: influencer.id, brandId: brand.id, text: "Hi", ...row })
      .returning({ id: applications.id });
    ids.push(inserted?.id as number);
  }
});
afterAll(() => testDb.close());

describe("effective status in SQL", () => {
  it("reads every row as the TypeScript rule does", async () => {
    const rows = await db
      .select({ id: applications.id, status: effectiveStatusSql(now), deniedReason: effectiveDeniedReasonSql(now) })
      .from(applications)
      .where(inArray(applications.id, ids))
      .orderBy(applications.id);
    expect(rows.map(({ status, deniedReason }) => ({ status, deniedReason }))).toEqual(
      cases.map((row) => effectiveStatus(row, now)),
    );
  });

  it("filters by effective status as the TypeScript rule does", async () => {
    const filters: ApplicationStatus[][] = [
      ...APPLICATION_STATUSES.map((status) => [status]),
      ["WAITING", "PROGRESS"],
      [],
    ];
    for (const statuses of filters) {
      const rows = await db
        .select({ id: applications.id })
        .from(applications)
        .where(effectiveStatusIn(statuses, now))
        .orderBy(applications.id);
      const expected = ids.filter((_, index) =>
        statuses.includes(effectiveStatus(cases[index] as (typeof cases)[number], now).status),
      );
      expect(
        rows.map((row) => row.id),
        statuses.join(","),
      ).toEqual(expected);
    }
  });

  it("is computed at the given instant, not the database's clock", async () => {
    const before = new Date(now.getTime() - 2 * DAY_MS);
    const [row] = await db
      .select({ status: effectiveStatusSql(before) })
      .from(applications)
      .where(eq(applications.id, ids[0] as number));
    expect(row?.status).toBe("WAITING");
  });
});
