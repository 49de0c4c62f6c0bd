import type { Db, Tx } from "@market/db";
import type { TokenCipher } from "../networks/token-cipher";

/**
 * Where a written payout's job goes (issue 38): on PostgreSQL the server's job engine (pg-boss, apps/server/src/jobs),
 * its job sent in the transaction that wrote the payout, so the two commit or roll back together. Without it (the
 * embedded PGlite runner, tests) there is nothing to send: the runner's pass finds the payout by its next_attempt_at.
 */
export interface PayoutJobs {
  /** The payout's job, run at once, or at `startAfter`; at most one waits per payout (its id is the job's key). */
  enqueue(tx: Tx, payoutId: number, startAfter?: Date): Promise<void>;
  /**
   * When the payout's last job was dead-lettered (its retries spent: the provider did not answer), or null: the
   * console's payout page shows it to the operator.
   */
  deadLetteredAt(db: Db, payoutId: number): Promise<Date | null>;
}

/** The dependencies that write payouts: the cipher that seals bank accounts, and the job engine when there is one. */
export interface PayoutWriterDeps {
  tokenCipher: TokenCipher;
  payoutJobs?: PayoutJobs | undefined;
}
