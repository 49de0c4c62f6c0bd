import { DAY_MS } from "@market/contracts";
import { and, applications, chatMessages, type Db, eq, notifications, rowsOf, sql } from "@market/db";
import { testDatabaseUrl, useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../clock";
import { callFailure, waitingApplication } from "../../../testing";

/**
 * Two tabs acting on one application at once, on real concurrent connections: PGlite has one connection, so
 * these run on PostgreSQL (CI). A transaction holds the row while both calls start, so both are truly waiting
 * for the same lock when it is released.
 */
const onPostgres = Boolean(testDatabaseUrl);
let db: Db;
const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));

const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

async function untilWaitingForLocks(count: number) {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    );
    if (row?.n === count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${count} sessions never waited for a lock`);
}

type Outcome = Awaited<ReturnType<typeof callFailure>> | "succeeded";

/**
 * Starts the calls one after the other while a transaction holds the application's row, each only once the
 * previous one waits for the lock (PostgreSQL then grants it in that order), and lets them go.
 */
async function race(id: number, calls: (() => Promise<unknown>)[]): Promise<Outcome[]> {
  const { settled } = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${applications} where ${applications.id} = ${id} for update`);
    const started: Promise<Outcome>[] = [];
    for (const call of calls) {
      // A success reads "succeeded"; a refusal its reason; anything else (a crash) fails the test instead.
      started.push(
        call().then(
          () => "succeeded" as const,
          (error: unknown) => callFailure(Promise.reject(error)),
        ),
      );
      await untilWaitingForLocks(started.length);
    }
    return { settled: Promise.all(started) };
  });
  return settled;
}

const countOf = async (id: number, type: "declined" | "application_update") =>
  (
    await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, id), eq(notifications.type, type)))
  ).length;
const priceUpdates = async (id: number) =>
  (await db.select().from(chatMessages).where(eq(chatMessages.applicationId, id))).filter(
    (message) => message.type === "price_update",
  ).length;

describe.runIf(onPostgres)("two tabs at once", () => {
  it("two declines: one declines, the other answers closed; one notification", async () => {
    const app = await waitingApplication(db, clock);
    const decline = app.callers.brand.applications.decline;
    const outcomes = await race(app.id, [
      () => decline({ id: app.id, reason: "PRICE_TOO_HIGH" }),
      () => decline({ id: app.id, reason: "FAKE" }),
    ]);
    expect(outcomes).toEqual(["succeeded", { code: "CONFLICT", reason: "closed", issues: [] }]);
    const [row] = await db.select().from(applications).where(eq(applications.id, app.id));
    expect(row).toMatchObject({ status: "DENIED", deniedReason: "PRICE_TOO_HIGH" });
    expect(await countOf(app.id, "declined")).toBe(1);
  });

  async function updateAndDecline(first: "update" | "decline") {
    const app = await waitingApplication(db, clock);
    const update = () =>
      app.callers.influencer.applications.update({
        id: app.id,
        expiration: new Date(clock.now().getTime() + 70 * DAY_MS),
        prices: [{ networkId: app.instagram, price: 900, creationDays: 4 }],
      });
    const decline = () => app.callers.brand.applications.decline({ id: app.id });
    const [a, b] = await race(app.id, first === "update" ? [update, decline] : [decline, update]);
    const [row] = await db.select().from(applications).where(eq(applications.id, app.id));
    expect(row).toMatchObject({ status: "DENIED", deniedReason: "NO_REASON" });
    expect(await countOf(app.id, "declined")).toBe(1);
    return { outcomes: first === "update" ? { update: a, decline: b } : { update: b, decline: a }, app, row };
  }

  it("the influencer updates while the brand declines: the update lands, then the decline; each narrated once", async () => {
    const { outcomes, app, row } = await updateAndDecline("update");
    expect(outcomes).toEqual({ update: "succeeded", decline: "succeeded" });
    expect(await priceUpdates(app.id)).toBe(1);
    expect(await countOf(app.id, "application_update")).toBe(1);
    expect(row?.expiration).toEqual(new Date(clock.now().getTime() + 70 * DAY_MS));
  });

  it("the brand declines while the influencer updates: the update answers closed and writes nothing", async () => {
    const { outcomes, app, row } = await updateAndDecline("decline");
    expect(outcomes).toEqual({ update: { code: "CONFLICT", reason: "closed", issues: [] }, decline: "succeeded" });
    expect(await priceUpdates(app.id)).toBe(0);
    expect(await countOf(app.id, "application_update")).toBe(0);
    expect(row?.expiration).toEqual(new Date(clock.now().getTime() + 60 * DAY_MS));
  });
});
