/**
 * A PostgreSQL backend terminated in the middle of a payout (issue 38's fault suite): the payout job of a built
 * server marks the payout paid and is held at its ledger post, then its backend is killed. Nothing of that
 * transaction may remain; pg-boss's retry of the job must finish the payout once (sent to the provider once, one
 * payout_paid ledger transaction, one notification), and the ledger's invariants must hold.
 */
import { describe, expect, it } from "vitest";
import { useFaultCluster } from "./fault-cluster";
import { holdPayoutPaidKey, payoutJobs, payoutRecord, until, waitingBackend, wholeLedgerViolations } from "./faults";
import { releasedHire, requestPayout } from "./money";

const faulty = useFaultCluster({
  instances: 1,
  timings: {
    // The sandbox pays at the first look (10 s after sending); a failed job is retried 1 to 2 s later.
    SANDBOX_PAYOUT_DELAY_MS: "0",
    PAYOUT_JOB_RETRY_DELAY_SECONDS: "1",
  },
});

describe("a backend terminated mid-payout", () => {
  it("leaves no partial write; the job's retry pays the payout once; the ledger holds", async () => {
    const { cluster, sql } = faulty;
    const target = cluster.instances[0]?.baseUrl as string;
    const { influencer } = await releasedHire(target);
    const payoutId = await requestPayout(influencer, target);
    // In place long before the job's first look at the sent payout (10 s after it is sent).
    const held = await holdPayoutPaidKey(sql, payoutId);
    try {
      const sent = await until(async () => {
        const record = await payoutRecord(sql, payoutId);
        return record.provider_reference ? record : undefined;
      }, "the payout sent to the provider");
      const victim = await until(
        () => waitingBackend(sql, "ledger_transactions", [held.pid]),
        "the payout's paid transaction waiting on its ledger key",
      );
      await sql`select pg_terminate_backend(${victim.pid})`;

      // pg-boss retries the failed job, which meets the held key again: what the killed transaction wrote is gone.
      await until(
        () => waitingBackend(sql, "ledger_transactions", [held.pid, victim.pid]),
        "the job's retry waiting on the ledger key",
      );
      const afterFault = await payoutRecord(sql, payoutId);
      expect(afterFault).toMatchObject({ status: "processing", release_date: null, notifications: {} });
      expect(afterFault.ledger).toEqual({ payout_request: 1 });
      const [retried] = await payoutJobs(sql, payoutId).then((jobs) => jobs.filter((job) => job.state === "active"));
      expect(retried?.retry_count).toBe(1);
      await held.release();

      const paid = await until(async () => {
        const record = await payoutRecord(sql, payoutId);
        return record.status === "paid" ? record : undefined;
      }, "the payout paid by the retry");
      // Sent once: the reference and time of the first send, never a second transfer.
      expect([paid.provider_reference, paid.sent_at]).toEqual([sent.provider_reference, sent.sent_at]);
      expect(paid.ledger).toEqual({ payout_request: 1, payout_paid: 1 });
      expect(paid.notifications).toEqual({ payout_paid: 1 });
      // Each job of the payout (its send, its look) ended done; no other waits.
      await until(async () => {
        const jobs = await payoutJobs(sql, payoutId);
        return jobs.every((job) => job.state === "completed") ? jobs : undefined;
      }, "the payout's jobs completed");
    } finally {
      await held.release();
    }
    expect(await wholeLedgerViolations(cluster.databaseUrl)).toEqual([]);
  }, 90_000);
});
