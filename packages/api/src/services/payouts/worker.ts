import { HOUR_MS, MINUTE_MS, SECOND_MS } from "@market/contracts";
import { and, asc, type Db, eq, isNotNull, isNull, lt, lte, or, type Payout, payouts, type SQL } from "@market/db";
import type { Clock } from "../../clock";
import type { Mailer } from "../mail/mailer";
import type { SweepLog } from "../maintenance/sweeps";
import type { TokenCipher } from "../networks/token-cipher";
import type { WebhookJobs } from "../notifications/notify";
import { openBankAccount } from "./bank-account-seal";
import { queuePayoutFailedMail } from "./payout-mail";
import {
  type Failure,
  type PayoutOrder,
  type PayoutProvider,
  type PayoutProviders,
  payoutReference,
  transferReference,
} from "./provider";
import { markPayoutFailed, markPayoutPaid } from "./settle";

export interface PayoutWorkerDeps {
  db: Db;
  clock: Clock;
  payoutProviders: PayoutProviders;
  mailer: Mailer;
  /** Opens a payout's sealed bank account (transferwise to a bank); the server's token cipher. */
  tokenCipher?: TokenCipher | undefined;
  log?: (SweepLog & { error?(details: object, message: string): void }) | undefined;
  /** A settled payout's webhook deliveries get their jobs in its transaction (pg-boss; absent on PGlite). */
  webhookJobs?: WebhookJobs | undefined;
}

/** How often the embedded runner runs the worker (PGlite): the sandbox's 30 s delay shows as a short wait. */
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

/** A payout held for the operator is looked at this often: the operator funds it, or Wise cancels it in 14 days. */
export const PAYOUT_HELD_POLL_MS = HOUR_MS;

/** A payout the worker looks at: still processing, or paid and watched for a bounce (watch_until set). */
const underWay = or(eq(payouts.status, "processing"), isNotNull(payouts.watchUntil));

/**
 * Claims the next due payout (processing or watched, its next attempt reached, no live claim), FOR UPDATE SKIP
 * LOCKED so that instances sweeping at once take different payouts, and marks it claimed for PAYOUT_CLAIM_MS from
 * `now`. One at a time, and `now` read afresh for each claim (sweepPayouts): a claim written late in a slow pass
 * still runs its whole PAYOUT_CLAIM_MS, so no other pass can take the payout while this one advances it.
 */
async function claimDuePayout(db: Db, now: Date): Promise<Payout | null> {
  return claimWhere(db, now, lte(payouts.nextAttemptAt, now));
}

/**
 * Claims one payout by id when it is under way and unclaimed, whenever its next attempt is (a job's own schedule
 * says when: jobs/payout-job in the server). Null when another holds it or it needs nothing more.
 */
export async function claimPayout(db: Db, id: number, now: Date): Promise<Payout | null> {
  return claimWhere(db, now, eq(payouts.id, id));
}

async function claimWhere(db: Db, now: Date, which: SQL | undefined): Promise<Payout | null> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(underWay, which, or(isNull(payouts.claimedUntil), lt(payouts.claimedUntil, now))))
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
    .where(and(eq(payouts.id, payout.id), underWay));
}

/** The order the provider is sent: the payout, its statement reference, bank account and what was remembered. */
function orderOf(deps: PayoutWorkerDeps, payout: Payout): PayoutOrder {
  let bankAccount = null;
  if (payout.bankAccount) {
    if (!deps.tokenCipher) throw new Error("a payout to a bank account needs the token cipher to open it");
    bankAccount = openBankAccount(deps.tokenCipher, payout.bankAccount);
  }
  return {
    reference: payoutReference(payout.id),
    statementReference: transferReference(payout.id),
    amountCents: payout.amountCents,
    email: payout.email,
    accountOwnerName: payout.accountOwnerName,
    bankAccount,
    saved: payout.providerState ?? null,
    // Written at once (the claim makes this instance the payout's only writer), so a throw after it keeps it.
    remember: async (state) => {
      await deps.db.update(payouts).set({ providerState: state }).where(eq(payouts.id, payout.id));
    },
  };
}

/** The failure, its notification and its mail (queued) in one transaction. */
async function fail(deps: PayoutWorkerDeps, payout: Payout, failure: Failure, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const failed = await markPayoutFailed(tx, payout.id, failure, now, deps.webhookJobs);
    if (failed) await queuePayoutFailedMail(deps, tx, failed, failure);
  });
}

/** Whether an advance changed the payout's step, and the error of a provider that did not answer. */
interface Advanced {
  changed: boolean;
  unanswered?: { error: unknown };
}

/**
 * One claimed payout: sends it if it was never sent, else asks the provider how it went, and records that. A paid
 * payout still watched (watch_until) is asked too: a bounce fails it and returns its money.
 */
async function advance(deps: PayoutWorkerDeps, payout: Payout, now: Date): Promise<Advanced> {
  const provider = deps.payoutProviders[payout.method];
  try {
    if (!payout.sentAt || !payout.providerReference) {
      // Sent again after a crash between the provider's answer and this record: the same reference, so the
      // provider answers the transfer it already made.
      const outcome = await provider.send(orderOf(deps, payout));
      if (outcome.status === "failed") {
        await fail(deps, payout, outcome, now);
      } else if (outcome.status === "held") {
        // The operator's alert: an error in the log saying what to do; the influencer reads the reason.
        deps.log?.error?.(
          { payoutId: payout.id, provider: provider.name, providerReference: outcome.providerReference },
          `payout held for the operator: ${outcome.detail}`,
        );
        await release(deps.db, payout, new Date(now.getTime() + PAYOUT_HELD_POLL_MS), {
          sentAt: now,
          providerReference: outcome.providerReference,
          holdReason: outcome.reason,
          attempts: 0,
        });
      } else {
        await release(deps.db, payout, new Date(now.getTime() + PAYOUT_FIRST_POLL_MS), {
          sentAt: now,
          providerReference: outcome.providerReference,
          attempts: 0,
        });
      }
      return { changed: true };
    }
    const outcome = await provider.status(payout.providerReference);
    if (payout.status === "paid") return { changed: await watch(deps, payout, outcome, now) };
    if (outcome.status === "pending") {
      const waitsForOperator = payout.holdReason !== null && outcome.awaitingFunding === true;
      const delay = waitsForOperator ? PAYOUT_HELD_POLL_MS : nextPollDelay(now.getTime() - payout.sentAt.getTime());
      // Funded since (the operator approved it): the hold is over.
      await release(deps.db, payout, new Date(now.getTime() + delay), {
        attempts: 0,
        ...(waitsForOperator ? {} : { holdReason: null }),
      });
      return { changed: false };
    }
    if (outcome.status === "paid")
      await deps.db.transaction((tx) => markPayoutPaid(tx, payout.id, now, watchOf(provider, now), deps.webhookJobs));
    else await fail(deps, payout, outcome, now);
    return { changed: true };
  } catch (error) {
    deps.log?.warn({ err: error, payoutId: payout.id, provider: provider.name }, "payout provider did not answer");
    await release(deps.db, payout, new Date(now.getTime() + backoffDelay(payout.attempts + 1)), {
      // The claim makes this instance the payout's only writer until it is released.
      attempts: payout.attempts + 1,
    });
    return { changed: false, unanswered: { error } };
  }
}

/** Until when a payout paid now is watched for a bounce, by its provider; null for one that is not. */
function watchOf(provider: PayoutProvider, now: Date): Date | null {
  return provider.watchAfterPaidMs ? new Date(now.getTime() + provider.watchAfterPaidMs) : null;
}

/**
 * A paid payout under watch: a failure now is a bounce (the money came back to the platform), which fails the
 * payout and returns its money to the balance (settle.ts); still paid, it is looked at again, spaced by its age,
 * until the watch ends; anything else (Wise's bounced_back: "delivered with delay or... funds_refunded") is followed
 * on, past the watch's end if need be, until it settles.
 */
async function watch(
  deps: PayoutWorkerDeps,
  payout: Payout,
  outcome: Awaited<ReturnType<PayoutProvider["status"]>>,
  now: Date,
): Promise<boolean> {
  if (outcome.status === "failed") {
    await fail(deps, payout, { ...outcome, reason: "returned" }, now);
    return true;
  }
  const over = outcome.status === "paid" && payout.watchUntil !== null && payout.watchUntil <= now;
  if (over) {
    await deps.db
      .update(payouts)
      .set({ watchUntil: null, nextAttemptAt: null, claimedUntil: null, attempts: 0 })
      .where(eq(payouts.id, payout.id));
    return true;
  }
  const age = now.getTime() - (payout.releaseDate ?? payout.sentAt ?? now).getTime();
  await release(deps.db, payout, new Date(now.getTime() + nextPollDelay(age)), { attempts: 0 });
  return false;
}

/**
 * The payout worker, one pass (a sweep; safe on several instances): sends the requested payouts, polls the sent
 * ones, and records each outcome (money.md: paid sets the release date; failed returns the money and tells the
 * influencer why). Each claim reads the clock when it is made, as a pass may last minutes behind slow providers.
 * Resolves to how many payouts changed step.
 */
export async function sweepPayouts(deps: PayoutWorkerDeps): Promise<number> {
  let changed = 0;
  for (let taken = 0; taken < PAYOUT_BATCH; taken += 1) {
    const now = deps.clock.now();
    const payout = await claimDuePayout(deps.db, now);
    if (!payout) break;
    if ((await advance(deps, payout, now)).changed) changed += 1;
  }
  return changed;
}

/** What one advance of one payout came to, for the payout job (jobs in the server). */
export type PayoutStep =
  /** Not claimed: another instance holds it, or it needs nothing more. */
  | { kind: "idle" }
  /** Advanced; `next` is when to look again (null: settled, nothing more to do). */
  | { kind: "advanced"; changed: boolean; next: Date | null }
  /** The provider did not answer; the payout is released with its attempts counted, for the job to retry. */
  | { kind: "unanswered"; error: unknown };

/** Advances the payout `id` once, now, if no one else holds it: the body of a payout job. */
export async function advancePayout(deps: PayoutWorkerDeps, id: number): Promise<PayoutStep> {
  const now = deps.clock.now();
  const payout = await claimPayout(deps.db, id, now);
  if (!payout) return { kind: "idle" };
  const outcome = await advance(deps, payout, now);
  if (outcome.unanswered) return { kind: "unanswered", error: outcome.unanswered.error };
  const [after] = await deps.db
    .select({ next: payouts.nextAttemptAt })
    .from(payouts)
    .where(and(eq(payouts.id, id), underWay));
  return { kind: "advanced", changed: outcome.changed, next: after?.next ?? null };
}
