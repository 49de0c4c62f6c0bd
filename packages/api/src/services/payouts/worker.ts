import { HOUR_MS, MINUTE_MS, SECOND_MS } from "@market/contracts";
import { and, asc, type Db, eq, isNull, lt, lte, or, type Payout, payouts, users } from "@market/db";
import type { Clock } from "../../clock";
import type { Mailer } from "../mail/mailer";
import type { SweepLog } from "../maintenance/sweeps";
import { payoutFailedMail } from "./payout-mail";
import { type Failure, type PayoutProviders, payoutReference } from "./provider";
import { failureText, markPayoutFailed, markPayoutPaid } from "./settle";

export interface PayoutWorkerDeps {
  db: Db;
  clock: Clock;
  payoutProviders: PayoutProviders;
  mailer: Mailer;
  log?: SweepLog | undefined;
}

/** How often each instance runs the worker (main.ts): the sandbox's 30 s delay shows as a short wait. */
export const PAYOUT_SWEEP_INTERVAL_MS = 10 * SECOND_MS;
/** How many due payouts one pass of one instance takes at most. */
export const PAYOUT_BATCH = 20;
/**
 * An instance holds a claimed payout this long; if it dies, another takes the payout over after it. Longer than the
 * slowest advance of one payout (Wise: four calls of at most 20 s each), as payouts are claimed one at a time.
 */
export const PAYOUT_CLAIM_MS = 2 * MINUTE_MS;
/** The first look at a sent payout's outcome; later looks space out with its age, up to an hour. */
export const PAYOUT_FIRST_POLL_MS = 10 * SECOND_MS;
export const PAYOUT_MAX_POLL_MS = HOUR_MS;

/** When to look again at a payout sent `ageMs` ago: a tenth of its age, between the first poll and an hour. */
export function nextPollDelay(ageMs: number): number {
  return Math.min(PAYOUT_MAX_POLL_MS, Math.max(PAYOUT_FIRST_POLL_MS, Math.floor(ageMs / 10)));
}

/** After the provider could not answer `attempts` times in a row: 30 s, 1 min, 2 min… up to an hour. */
export function backoffDelay(attempts: number): number {
  return Math.min(PAYOUT_MAX_POLL_MS, 30 * SECOND_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims the next due payout (processing, its next attempt reached, no live claim), FOR UPDATE SKIP LOCKED so that
 * instances sweeping at once take different payouts, and marks it claimed for PAYOUT_CLAIM_MS. One at a time, so
 * that a claim never lapses while its payout waits behind slow providers in a batch.
 */
async function claimDuePayout(db: Db, now: Date): Promise<Payout | null> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(
        and(
          eq(payouts.status, "processing"),
          lte(payouts.nextAttemptAt, now),
          or(isNull(payouts.claimedUntil), lt(payouts.claimedUntil, now)),
        ),
      )
      .orderBy(asc(payouts.nextAttemptAt))
      .limit(1)
      .for("update", { skipLocked: true });
    const [next] = due;
    if (!next) return null;
    const [claimed] = await tx
      .update(payouts)
      .set({ claimedUntil: new Date(now.getTime() + PAYOUT_CLAIM_MS) })
      .where(eq(payouts.id, next.id))
      .returning();
    return claimed ?? null;
  });
}

/** Leaves a claimed payout for a later pass, at `at`. */
async function release(db: Db, payout: Payout, at: Date, changes: Partial<Payout> = {}): Promise<void> {
  await db
    .update(payouts)
    .set({ ...changes, nextAttemptAt: at, claimedUntil: null })
    .where(and(eq(payouts.id, payout.id), eq(payouts.status, "processing")));
}

async function fail(deps: PayoutWorkerDeps, payout: Payout, failure: Failure, now: Date): Promise<void> {
  const failed = await deps.db.transaction((tx) => markPayoutFailed(tx, payout.id, failure, now));
  if (!failed) return;
  const [user] = await deps.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, failed.userId));
  if (!user) return;
  try {
    await deps.mailer.send(
      payoutFailedMail(user.email, user.username, failureText(failed, failure.reason, failure.message)),
    );
  } catch (error) {
    // The notification already tells them; a lost mail must not undo the failure nor stop the sweep.
    deps.log?.warn({ err: error, payoutId: failed.id }, "payout failure mail not sent");
  }
}

/** One claimed payout: sends it if it was never sent, else asks the provider how it went, and records that. */
async function advance(deps: PayoutWorkerDeps, payout: Payout, now: Date): Promise<boolean> {
  const provider = deps.payoutProviders[payout.method];
  try {
    if (!payout.sentAt || !payout.providerReference) {
      // Sent again after a crash between the provider's answer and this record: the same reference, so the
      // provider answers the transfer it already made.
      const outcome = await provider.send({
        reference: payoutReference(payout.id),
        amountCents: payout.amountCents,
        email: payout.email,
        accountOwnerName: payout.accountOwnerName,
      });
      if (outcome.status === "failed") {
        await fail(deps, payout, outcome, now);
      } else {
        await release(deps.db, payout, new Date(now.getTime() + PAYOUT_FIRST_POLL_MS), {
          sentAt: now,
          providerReference: outcome.providerReference,
          attempts: 0,
        });
      }
      return true;
    }
    const outcome = await provider.status(payout.providerReference);
    if (outcome.status === "pending") {
      await release(deps.db, payout, new Date(now.getTime() + nextPollDelay(now.getTime() - payout.sentAt.getTime())), {
        attempts: 0,
      });
      return false;
    }
    if (outcome.status === "paid") await deps.db.transaction((tx) => markPayoutPaid(tx, payout.id, now));
    else await fail(deps, payout, outcome, now);
    return true;
  } catch (error) {
    deps.log?.warn({ err: error, payoutId: payout.id, provider: provider.name }, "payout provider did not answer");
    await release(deps.db, payout, new Date(now.getTime() + backoffDelay(payout.attempts + 1)), {
      // The claim makes this instance the payout's only writer until it is released.
      attempts: payout.attempts + 1,
    });
    return false;
  }
}

/**
 * The payout worker, one pass (a sweep; safe on several instances): sends the requested payouts, polls the sent
 * ones, and records each outcome (money.md: paid sets the release date; failed returns the money and tells the
 * influencer why). Resolves to how many payouts changed step.
 */
export async function sweepPayouts(deps: PayoutWorkerDeps, now: Date): Promise<number> {
  let changed = 0;
  for (let taken = 0; taken < PAYOUT_BATCH; taken += 1) {
    const payout = await claimDuePayout(deps.db, now);
    if (!payout) break;
    if (await advance(deps, payout, now)) changed += 1;
  }
  return changed;
}
