import { applications, type Db, type SQL } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { expiredProposalsSql } from "./expire-sweep";
import { releaseRemindersSql } from "./release-reminders";
import { dueReleasesSql } from "./release-sweep";

/**
 * A lifecycle table whose clocks differ from the real one in each part a sweep reads (status, field, leads): a sweep
 * that wrote its own due condition instead of reading TIMERS would keep the real values and fail here.
 */
const DOCTORED = vi.hoisted(() => ({
  expiry: { status: "COMPLETE", at: "moneyReleaseDate", fires: "expire" },
  release: { status: "DENIED", at: "expiration", fires: "autoRelease" },
  releaseReminders: {
    before: "release",
    leadsMs: [5 * 86_400_000, 2 * 86_400_000, 3_600_000],
    countedIn: "releaseRemindersSent",
  },
}));
vi.mock("./transitions", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./transitions")>()),
  TIMERS: DOCTORED,
}));

let db: Db;
const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const now = new Date("2026-06-01T12:00:00Z");
const rendered = (condition: SQL) => db.select({ id: applications.id }).from(applications).where(condition).toSQL();
/** The instants a condition compares with, as ISO strings (however the driver's mapping renders them). */
const instants = (params: unknown[]) =>
  params.flatMap((param) => {
    const time = param instanceof Date ? param.getTime() : typeof param === "string" ? Date.parse(param) : Number.NaN;
    return Number.isNaN(time) ? [] : [time - now.getTime()];
  });

describe("the lifecycle sweeps read when time acts from the table", () => {
  it("expires the rows of the declared status past the declared field", () => {
    const { sql, params } = rendered(expiredProposalsSql(now));
    expect(params).toContain("COMPLETE");
    expect(params).not.toContain("WAITING");
    expect(sql).toContain('"money_release_date" <=');
    expect(sql).not.toContain('"expiration"');
  });

  it("releases the rows of the declared status past the declared field", () => {
    const { sql, params } = rendered(dueReleasesSql(now));
    expect(params).toContain("DENIED");
    expect(params).not.toContain("PROGRESS");
    expect(sql).toContain('"expiration" <=');
    expect(sql).not.toContain("money_release_date");
  });

  it("reminds at the declared leads before the declared deadline", () => {
    const { sql, params } = rendered(releaseRemindersSql(now));
    expect(params).toContain("DENIED");
    expect(sql).not.toContain("money_release_date");
    expect(sql).toContain("then 3");
    expect(new Set(instants(params))).toEqual(new Set([0, 5 * 86_400_000, 2 * 86_400_000, 3_600_000]));
  });
});
