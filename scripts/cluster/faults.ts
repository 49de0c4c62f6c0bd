/**
 * The fault suite's hands on the cluster's database, past the servers (issue 38, point 8): a bounded wait, the
 * server backend stopped at a lock, a lock of the test's own that stops a server's payout mid-transaction, the rows
 * a payout left, and the ledger's invariants (money.md) over the whole ledger.
 */
import { type LedgerViolation, ledgerViolations } from "@market/api/testing";
import { createDb } from "@market/db";
import type postgres from "postgres";

/** Polls `read` every 50 ms until it gives a value; fails naming `what` after `timeoutMs`. */
export async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

export interface Backend {
  pid: number;
  /** PGAPPNAME of the instance the backend serves (cluster.ts: `market-app1`, `market-app2`...). */
  applicationName: string;
}

/** A backend other than `except` waiting on a lock in a statement naming `table`, if one is. */
export async function waitingBackend(
  sql: postgres.Sql,
  table: string,
  except: readonly number[] = [],
): Promise<Backend | undefined> {
  const rows = await sql<{ pid: number; application_name: string }[]>`
    select pid, application_name from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query ilike ${`%${table}%`}
      and pid <> pg_backend_pid()`;
  const found = rows.find((row) => !except.includes(row.pid));
  return found ? { pid: found.pid, applicationName: found.application_name } : undefined;
}

/** Whether the backend `pid` is gone (ended, its transaction rolled back). */
export async function backendGone(sql: postgres.Sql, pid: number): Promise<boolean> {
  return (await sql`select 1 from pg_stat_activity where pid = ${pid}`).length === 0;
}

export interface HeldKey {
  /** The test's own backend, never the server's. */
  pid: number;
  /** Rolls the test's transaction back: the server's waiting post goes on. */
  release(): Promise<void>;
}

/**
 * Holds the payout's `payout_paid` ledger key in a transaction of the test's own, never committed: the server's
 * markPayoutPaid (payouts/settle.ts) locks the payout, marks it paid, then posts its ledger transaction under that
 * key, and waits there on the key's unique index, its first writes made and not committed, until release().
 */
export async function holdPayoutPaidKey(sql: postgres.Sql, payoutId: number): Promise<HeldKey> {
  const holder = await sql.reserve();
  await holder`begin`;
  // Without the payout's id: its foreign key would lock the payout's row (FOR KEY SHARE), which the job's claim
  // (FOR UPDATE SKIP LOCKED) would then pass over. The key alone is what the server's post meets.
  await holder`
    insert into ledger_transactions (kind, idempotency_key) values ('payout_paid', ${`payout_paid:${payoutId}`})`;
  const [{ pid }] = (await holder`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
  let released = false;
  return {
    pid,
    async release() {
      if (released) return;
      released = true;
      await holder`rollback`;
      holder.release();
    },
  };
}

/** What a payout left, committed: its row, its ledger transactions by kind, its influencer's notifications. */
export async function payoutRecord(sql: postgres.Sql, payoutId: number) {
  const [payout] = await sql<
    {
      status: string;
      provider_reference: string | null;
      sent_at: Date | null;
      release_date: Date | null;
      claimed_until: Date | null;
      user_id: number;
    }[]
  >`select status, provider_reference, sent_at, release_date, claimed_until, user_id from payouts where id = ${payoutId}`;
  if (!payout) throw new Error(`no payout ${payoutId}`);
  const ledger = await sql<{ kind: string; count: number }[]>`
    select kind, count(*)::int as count from ledger_transactions where payout_id = ${payoutId} group by kind`;
  const notices = await sql<{ type: string; count: number }[]>`
    select type, count(*)::int as count from notifications
    where user_id = ${payout.user_id} and type in ('payout_paid', 'payout_failed') group by type`;
  return {
    ...payout,
    ledger: Object.fromEntries(ledger.map((row) => [row.kind, row.count])),
    notifications: Object.fromEntries(notices.map((row) => [row.type, row.count])),
  };
}

/** The payout's jobs in pg-boss's table (jobs/payout-job.ts: its key is the payout's id), oldest first. */
export async function payoutJobs(sql: postgres.Sql, payoutId: number) {
  return sql<{ id: string; state: string; retry_count: number }[]>`
    select id, state, retry_count from pgboss.job
    where name = 'payout' and singleton_key = ${String(payoutId)} order by created_on`;
}

/** money.md's invariants over the whole ledger (packages/api/src/testing/ledger-invariants.ts): the violations. */
export async function wholeLedgerViolations(databaseUrl: string): Promise<LedgerViolation[]> {
  const handle = await createDb({ url: databaseUrl, max: 1 });
  try {
    return await ledgerViolations(handle.db);
  } finally {
    await handle.close();
  }
}

/** Moves one instance's test clock `advanceMs` forward (POST /api/test/clock; the instance runs E2E_TEST_ROUTES=1). */
export async function advanceClock(instanceUrl: string, advanceMs: number): Promise<void> {
  const response = await fetch(`${instanceUrl}/api/test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: instanceUrl },
    body: JSON.stringify({ advanceMs }),
  });
  if (response.status !== 200) throw new Error(`the test clock: ${response.status} ${await response.text()}`);
}
