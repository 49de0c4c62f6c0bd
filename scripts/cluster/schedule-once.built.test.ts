/**
 * A scheduled job runs once across two instances (issue 38, point 3): both built servers work pg-boss's `lifecycle`
 * schedule (every minute); a proposal past its expiry and a hire whose release window ended are each moved once by
 * it: one transition, one notification per party, one ledger transaction, never two. Time is the test clock's
 * (POST /api/test/clock on each instance, 21 days on); pg-boss's cron looks every second here
 * (JOBS_CRON_INTERVAL_SECONDS), its schedule still once a minute, so the test waits for the next minute at most.
 */
import { DAY_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { proposal } from "./client";
import { useFaultCluster } from "./fault-cluster";
import { advanceClock, until, wholeLedgerViolations } from "./faults";
import { paidHire } from "./money";

const faulty = useFaultCluster({ instances: 2, timings: { JOBS_CRON_INTERVAL_SECONDS: "1" } });

/** Rows of `table` for the application, counted by `column`'s value. */
async function countBy(table: string, column: string, applicationId: number): Promise<Record<string, number>> {
  const { sql } = faulty;
  const rows = await sql<{ value: string; count: number }[]>`
    select ${sql(column)} as value, count(*)::int as count from ${sql(table)}
    where application_id = ${applicationId} group by 1`;
  return Object.fromEntries(rows.map((row) => [row.value, row.count]));
}

describe("a schedule across two instances", () => {
  it("moves an expired proposal and a due release once each", async () => {
    const { cluster, sql } = faulty;
    const lapsing = await proposal(cluster.baseUrl, "A proposal left to lapse.");
    const hire = await paidHire(cluster.baseUrl, { done: true });
    const before = {
      lapsing: await countBy("notifications", "type", lapsing.applicationId),
      hire: await countBy("notifications", "type", hire.applicationId),
    };
    // Past the proposal's expiry (20 days) and the hire's release window (10 days from the work done), everywhere.
    for (const instance of cluster.instances) await advanceClock(instance.baseUrl, 21 * DAY_MS);

    await until(
      async () => {
        const rows = await sql<{ id: number; status: string }[]>`
          select id, status from applications where id in ${sql([lapsing.applicationId, hire.applicationId])}`;
        const status = Object.fromEntries(rows.map((row) => [row.id, row.status]));
        return status[lapsing.applicationId] === "DENIED" && status[hire.applicationId] === "COMPLETE"
          ? true
          : undefined;
      },
      "the lifecycle schedule's run",
      75_000,
    );

    const [denied] = await sql`select denied_reason from applications where id = ${lapsing.applicationId}`;
    expect(denied?.denied_reason).toBe("EXPIRED");
    expect(await countBy("notifications", "type", lapsing.applicationId)).toEqual({ ...before.lapsing, declined: 1 });
    // Released once: its ledger transaction, its chat line, the two parties' notifications.
    expect(await countBy("ledger_transactions", "kind", hire.applicationId)).toEqual({ payment: 1, release: 1 });
    expect((await countBy("chat_messages", "type", hire.applicationId)).money_released).toBe(1);
    const released = await sql<{ user_id: number; count: number }[]>`
      select user_id, count(*)::int as count from notifications
      where application_id = ${hire.applicationId} and type = 'money_released' group by user_id order by user_id`;
    expect(released.map((row) => [row.user_id, row.count])).toEqual(
      [hire.brand.id, hire.influencer.id].sort((a, b) => a - b).map((id) => [id, 1]),
    );
    expect(Object.keys(await countBy("notifications", "type", hire.applicationId)).sort()).toEqual(
      [...Object.keys(before.hire), "money_released"].sort(),
    );

    // pg-boss sent the schedule's job once a minute across both instances: at most one job in each clock minute
    // (its singleton slot). Not "30 s apart": at start an instance sends the minute already begun (one run at :31
    // then the next at :00, 29 s later, was seen), so only two jobs in one minute would be one run twice.
    const created = await sql<{ at: Date }[]>`
      select created_on as at from pgboss.job where name = 'lifecycle' order by created_on`;
    expect(created.length).toBeGreaterThanOrEqual(1);
    const minutes = created.map((job) => Math.floor(job.at.getTime() / 60_000));
    expect(minutes).toEqual([...new Set(minutes)]);

    expect(await wholeLedgerViolations(cluster.databaseUrl)).toEqual([]);
  }, 100_000);
});
