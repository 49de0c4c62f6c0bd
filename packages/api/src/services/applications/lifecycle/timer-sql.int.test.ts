import { DAY_MS, HOUR_MS } from "@market/contracts";
import { and, applications, type Db, eq, gt, isNotNull, lt, lte, rowsOf, type SQL, sql } from "@market/db";
import { useTestDb } from "@market/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { waitingPastExpirationSql } from "../effective-status";
import { deadlineColumn, deadlinePassedSql, reminderDueSql, remindersDueCountSql } from "./timer-sql";
import { type Deadline, TIMERS } from "./transitions";

let db: Db;
const testDb = useTestDb();
beforeAll(() => {
  db = testDb.db;
});

const now = new Date("2026-06-01T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const rendered = (condition: SQL) => db.select({ id: applications.id }).from(applications).where(condition).toSQL();

/** A sweep's claim: the due rows in the deadline's order, a batch, locked and skipping rows others hold. */
const claim = (condition: SQL, deadline: Deadline) =>
  db
    .select({ id: applications.id })
    .from(applications)
    .where(condition)
    .orderBy(deadlineColumn(deadline))
    .limit(100)
    .for("update", { skipLocked: true });

describe("the table's clocks as SQL", () => {
  it("expires exactly the rows every read shows as expired", () => {
    expect(rendered(deadlinePassedSql(TIMERS.expiry, now))).toEqual(rendered(waitingPastExpirationSql(now)));
  });

  it("releases and reminds over the conditions written before the table declared them", () => {
    expect(rendered(deadlinePassedSql(TIMERS.release, now))).toEqual(
      rendered(
        and(
          eq(applications.status, "PROGRESS"),
          isNotNull(applications.moneyReleaseDate),
          lte(applications.moneyReleaseDate, now),
        ) as SQL,
      ),
    );
    const dueStage = sql<number>`(case when ${lte(applications.moneyReleaseDate, at(DAY_MS))} then 2 when ${lte(
      applications.moneyReleaseDate,
      at(3 * DAY_MS),
    )} then 1 else 0 end)`;
    expect(rendered(remindersDueCountSql(TIMERS.releaseReminders, TIMERS.release, now))).toEqual(rendered(dueStage));
    expect(rendered(reminderDueSql(TIMERS.releaseReminders, TIMERS.release, now))).toEqual(
      rendered(
        and(
          eq(applications.status, "PROGRESS"),
          isNotNull(applications.moneyReleaseDate),
          gt(applications.moneyReleaseDate, now),
          lte(applications.moneyReleaseDate, at(3 * DAY_MS)),
          lt(applications.releaseRemindersSent, dueStage),
        ) as SQL,
      ),
    );
  });

  it("counts the reminders due at a running countdown's instant", async () => {
    const countAt = async (releaseInMs: number) => {
      const [row] = rowsOf<{ due: number }>(
        await db.execute(
          sql`select ${remindersDueCountSql(TIMERS.releaseReminders, TIMERS.release, now)} as due
            from (select ${at(releaseInMs).toISOString()}::timestamptz as money_release_date) as applications`,
        ),
      );
      return Number(row?.due);
    };
    expect(await countAt(4 * DAY_MS)).toBe(0);
    expect(await countAt(3 * DAY_MS)).toBe(1);
    expect(await countAt(2 * DAY_MS)).toBe(1);
    expect(await countAt(DAY_MS)).toBe(2);
    expect(await countAt(HOUR_MS)).toBe(2);
  });

  // The planner would scan a small table whole; forbidding it shows whether the index can serve the claim at all.
  it.each([
    ["expiry", deadlinePassedSql(TIMERS.expiry, now), TIMERS.expiry, "applications_status_expiration_idx"],
    ["release", deadlinePassedSql(TIMERS.release, now), TIMERS.release, "applications_release_due_idx"],
    [
      "reminders",
      reminderDueSql(TIMERS.releaseReminders, TIMERS.release, now),
      TIMERS.release,
      "applications_release_due_idx",
    ],
  ] as const)("claims the %s sweep's due rows over its index", async (_, condition, deadline, index) => {
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql`explain ${claim(condition, deadline)}`));
    });
    expect(plan.map((line) => line["QUERY PLAN"]).join("\n")).toContain(index);
  });
});
