/**
 * An instance killed (SIGKILL) while it holds a payout job (issue 38's fault suite): two built servers on one
 * PostgreSQL database; the job's paid transaction on one of them is held at its ledger post, and that instance is
 * killed. pg-boss's expiry hands the job back, the other instance finishes the payout once (sent to the provider
 * once, one payout_paid ledger transaction, one notification), and the ledger's invariants hold.
 *
 * Timing: the job's expiry is shortened to seconds for the test (PAYOUT_JOB_EXPIRE_SECONDS; production refuses
 * less than 180 s). The payout's claim by the dead instance still runs its PAYOUT_CLAIM_MS (2 minutes, the job's
 * expiry in production being a minute longer), so the survivor's test clock is moved past it, as those minutes
 * would have passed.
 */
import { PAYOUT_CLAIM_MS } from "@market/api";
import { MINUTE_MS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { useFaultCluster } from "./fault-cluster";
import {
  advanceClock,
  backendGone,
  holdPayoutPaidKey,
  payoutJobs,
  payoutRecord,
  until,
  waitingBackend,
  wholeLedgerViolations,
} from "./faults";
import { releasedHire, requestPayout } from "./money";

/** The payout job's expiry in this test: longer than its run until the kill, a few seconds. */
const EXPIRE_SECONDS = 10;

const faulty = useFaultCluster({
  instances: 2,
  timings: {
    SANDBOX_PAYOUT_DELAY_MS: "0",
    PAYOUT_JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
    PAYOUT_JOB_RETRY_DELAY_SECONDS: "1",
    // pg-boss fails an expired job (and so schedules its retry) at its maintenance: every second here.
    JOBS_MAINTENANCE_INTERVAL_SECONDS: "1",
  },
});

describe("an instance killed while it holds a payout job", () => {
  it("the other instance finishes the payout once; the ledger holds", async () => {
    const { cluster, sql } = faulty;
    const { influencer } = await releasedHire(cluster.baseUrl);
    const payoutId = await requestPayout(influencer, cluster.baseUrl);
    const held = await holdPayoutPaidKey(sql, payoutId);
    try {
      const sent = await until(async () => {
        const record = await payoutRecord(sql, payoutId);
        return record.provider_reference ? record : undefined;
      }, "the payout sent to the provider");
      const holding = await until(
        () => waitingBackend(sql, "ledger_transactions", [held.pid]),
        "a payout job's paid transaction waiting on the ledger key",
      );
      const victim = cluster.instances.find((instance) => `market-${instance.name}` === holding.applicationName);
      const survivor = cluster.instances.find((instance) => instance !== victim);
      if (!victim || !survivor) throw new Error(`no instance named ${holding.applicationName}`);
      const [active] = (await payoutJobs(sql, payoutId)).filter((job) => job.state === "active");
      expect(active, "the payout's job held by the instance").toBeDefined();

      await victim.stop("SIGKILL");
      // The dead instance's transaction goes on only to find its client gone: it rolls back, nothing committed.
      await held.release();
      await until(async () => ((await backendGone(sql, holding.pid)) ? true : undefined), "the victim's backend gone");
      const afterKill = await payoutRecord(sql, payoutId);
      expect(afterKill).toMatchObject({ status: "processing", release_date: null, notifications: {} });
      expect(afterKill.ledger).toEqual({ payout_request: 1 });
      await advanceClock(survivor.baseUrl, PAYOUT_CLAIM_MS + MINUTE_MS);

      const paid = await until(
        async () => {
          const record = await payoutRecord(sql, payoutId);
          return record.status === "paid" ? record : undefined;
        },
        "the payout paid by the surviving instance",
        (EXPIRE_SECONDS + 20) * 1000,
      );
      expect([paid.provider_reference, paid.sent_at]).toEqual([sent.provider_reference, sent.sent_at]);
      expect(paid.ledger).toEqual({ payout_request: 1, payout_paid: 1 });
      expect(paid.notifications).toEqual({ payout_paid: 1 });
      // The very job the dead instance held, handed back by its expiry and retried once, done.
      const jobs = await until(async () => {
        const all = await payoutJobs(sql, payoutId);
        return all.every((job) => job.state === "completed") ? all : undefined;
      }, "the payout's jobs completed");
      expect(jobs.find((job) => job.id === active?.id)).toMatchObject({ state: "completed", retry_count: 1 });
    } finally {
      await held.release();
    }
    expect(await wholeLedgerViolations(cluster.databaseUrl)).toEqual([]);
  }, 90_000);
});
