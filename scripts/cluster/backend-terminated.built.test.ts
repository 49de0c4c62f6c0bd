/**
 * A PostgreSQL backend terminated in the middle of a hire's payment (issue 38's fault suite): the built server's
 * transaction is held at a row lock after its first writes, then its backend is killed. Nothing of it may remain,
 * the brand's retry must pay the hire once, and the ledger's invariants must hold.
 */
import { ledgerViolations } from "@market/api/testing";
import { createDb, type DbHandle } from "@market/db";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposal } from "./client";
import { type Cluster, startCluster } from "./cluster";
import { until, wholeLedgerViolations } from "./faults";
import { accept } from "./money";

let cluster: Cluster;
let sql: postgres.Sql;
let handle: DbHandle;

beforeAll(async () => {
  cluster = await startCluster({ instances: 1, env: { E2E_TEST_ROUTES: "1", NODE_ENV: "test" }, quiet: true });
  sql = postgres(cluster.databaseUrl, { max: 2, onnotice: () => {} });
  handle = await createDb({ url: cluster.databaseUrl, max: 1 });
}, 240_000);

afterAll(async () => {
  await handle?.close();
  await sql?.end();
  await cluster?.stop();
}, 60_000);

describe("a backend terminated mid-accept", () => {
  it("leaves no partial write; the brand's retry pays the hire once; the ledger holds", async () => {
    const target = cluster.instances[0]?.baseUrl as string;
    const { brand, applicationId: id } = await proposal(target, "A proposal whose payment meets a fault.");
    const pay = () => accept(brand, target, id);

    // The hire's transaction locks the application, claims the attempt, then marks the prices hired: holding the
    // prices' rows stops it there, its first writes made and not committed.
    const holder = await sql.reserve();
    await holder`begin`;
    await holder`select 1 from application_prices where application_id = ${id} for update`;
    const answer = pay();
    const victim = await until(async () => {
      const [waiting] = await sql<{ pid: number }[]>`
        select pid from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike '%application_prices%'`;
      return waiting?.pid;
    }, "the payment's transaction waiting on the prices' lock");
    await sql`select pg_terminate_backend(${victim})`;
    await holder`rollback`;
    holder.release();

    const failed = await answer;
    // A fault of the server's own, said as one (the envelope, a 5xx), not as the brand's mistake.
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const [afterFault] = await sql<{ status: string; paid_at: Date | null }[]>`
      select status, paid_at from applications where id = ${id}`;
    expect(afterFault).toEqual({ status: "WAITING", paid_at: null });
    const [{ count: transactionsAfterFault }] = (await sql`
      select count(*)::int as count from ledger_transactions where application_id = ${id}`) as unknown as [
      { count: number },
    ];
    expect(transactionsAfterFault).toBe(0);

    const retried = await pay();
    expect(retried.status, retried.reason).toBe(200);
    expect(retried.data).toMatchObject({ requiresAction: false });
    const [paid] = await sql<{ status: string }[]>`select status from applications where id = ${id}`;
    expect(paid?.status).toBe("PROGRESS");
    const charges = await sql`
      select 1 from payment_attempts where application_id = ${id} and status = 'succeeded'`;
    expect(charges.length).toBe(1);
    expect(await ledgerViolations(handle.db, { applicationIds: [id] })).toEqual([]);
    expect(await wholeLedgerViolations(cluster.databaseUrl)).toEqual([]);
  });
});
