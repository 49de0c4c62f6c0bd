import type { NetworkType, Reason } from "@market/contracts";
import {
  and,
  applicationPrices,
  applications,
  type Db,
  eq,
  inArray,
  isNull,
  notInArray,
  type PaymentAttempt,
  paymentAttempts,
  type Tx,
} from "@market/db";
import type { Clock } from "../../clock";
import { fail, ReasonError } from "../../errors";
import {
  type ActingUser,
  type ActionContext,
  type ActionFields,
  applyAction,
} from "../applications/lifecycle/apply-action";
import { type AttemptError, attemptById, errorOf, markProcessed } from "./attempts";
import type { ChargeOutcome, PaymentGateway } from "./gateway";
import { termsOf } from "./hire-terms";
import { rememberCard } from "./saved-cards";

export interface PaymentDeps {
  db: Db;
  clock: Clock;
  payments: PaymentGateway;
}

type Succeeded = Extract<ChargeOutcome, { status: "succeeded" }>;

/** How a succeeded charge ended: the hire is paid, or the money went back to the card (and why). */
export type Settlement = { kind: "paid" } | { kind: "refunded"; reason: Reason; message: string };

export const PRICE_CHANGED_MESSAGE = "The price has changed. Please check it and try again.";

/** What the brand reads when its charge had to be given back. */
const REFUND_MESSAGES: Partial<Record<Reason, string>> = {
  price_changed: `${PRICE_CHANGED_MESSAGE} Your payment was refunded.`,
  expired: "This proposal expired while you paid. Your payment was refunded.",
  closed: "This application moved on while you paid. Your payment was refunded.",
};

/** Another completion of this attempt committed between our read and our lock: read it again. */
class SettledMeanwhile extends Error {}

function refusalOf(error: unknown): Reason | null {
  return error instanceof ReasonError ? error.reason : null;
}

/**
 * Completes a hire whose charge succeeded: the one function behind accept (a card that needed nothing more),
 * accept's second call after the authentication step (confirmToken) and the provider's payment_succeeded
 * webhook, so whichever comes first pays the hire and the others find it paid. Through the lifecycle table's
 * accept, under the application's row lock, in one transaction: WAITING to PROGRESS, the attempt's fees
 * and B copied onto the application, the ticked networks hired, the attempt succeeded, the ledger's brandPays
 * (its key per application: a second one cannot be written), the payment chat message, the card remembered
 * when the brand asked, and the influencer notified (the table's notification).
 *
 * When the application moved on while the card was charged (declined or expired meanwhile, paid through another
 * attempt, or its price changed so that B no longer buys the ticked networks), the hire cannot be paid: the
 * charge is given back through the gateway and the attempt recorded canceled with the refund, rather than
 * keeping money no hire stands for. `eventId` is the webhook event this is the effect of, recorded as handled in
 * the same transaction as the effect.
 */
export async function settleSucceededCharge(
  deps: PaymentDeps,
  attemptId: number,
  outcome: Succeeded,
  options: {
    actor?: ActingUser;
    eventId?: string;
    /** The attempt as the caller just wrote or read it: spares reading it again before the first round. */
    attempt?: PaymentAttempt;
  } = {},
): Promise<Settlement> {
  let known = options.attempt?.id === attemptId ? options.attempt : undefined;
  // A few rounds at most: each repeats only because another completion settled the attempt meanwhile.
  for (let round = 0; round < 3; round += 1) {
    const attempt = known ?? (await attemptById(deps.db, attemptId));
    known = undefined;
    if (attempt.status === "succeeded") {
      if (options.eventId) await markProcessed(deps.db, attempt.provider, options.eventId);
      return { kind: "paid" };
    }
    if (attempt.status === "canceled") return giveBack(deps, attempt, options.eventId);
    const actor = options.actor ?? (await brandOf(deps.db, attempt.applicationId));
    try {
      await applyAction(
        deps,
        actor,
        attempt.applicationId,
        "accept",
        (context) => completeHire(context, deps, attempt, outcome, options.eventId),
        paidFields(attempt),
      );
      return { kind: "paid" };
    } catch (error) {
      if (error instanceof SettledMeanwhile) continue;
      const reason = refusalOf(error);
      if (reason === null) throw error;
      if (await cancelAttempt(deps, attemptId, reason, outcome)) {
        return giveBack(deps, await attemptById(deps.db, attemptId), options.eventId);
      }
    }
  }
  throw new Error(`payment attempt ${attemptId} did not settle`);
}

/** The application's brand, who a completion without a signed-in user (the webhook's) acts as. */
async function brandOf(db: Db, applicationId: number): Promise<ActingUser> {
  const [owner] = await db
    .select({ brandId: applications.brandId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return { userId: owner?.brandId ?? 0, impersonatorId: null };
}

/**
 * What the paid hire sets on the application, in the lifecycle runner's update of it: the attempt's fees and B
 * (completeHire refuses, rolling this back, unless B is still what the attempt's networks cost).
 */
const paidFields =
  (attempt: PaymentAttempt): ActionFields =>
  (now) => ({
    feeBrandPercent: attempt.feeBrandPercent,
    feeInfluencerPercent: attempt.feeInfluencerPercent,
    paidAmountCents: attempt.amountCents,
    paidAt: now,
  });

/**
 * The hire's writes besides paidFields. Their reads and writes are each sent together (one round trip per group): the transaction
 * rolls back whole on any refusal or failure, so their order within a group does not matter.
 */
async function completeHire(
  context: ActionContext,
  deps: PaymentDeps,
  attempt: PaymentAttempt,
  outcome: Succeeded,
  eventId: string | undefined,
): Promise<void> {
  const { tx, application, now, postMessage } = context;
  // The attempt's terms (networks, fees, amount) never change once it is written, so they are taken from the row
  // read before the lock; its status is what may have changed, and claiming it decides that under the lock.
  const fees = { brandPercent: attempt.feeBrandPercent, influencerPercent: attempt.feeInfluencerPercent };
  const [claimed, prices] = await Promise.all([
    claimSucceeded(tx, attempt.id, outcome.intentId, now),
    hireNetworks(tx, application.id, attempt.networks),
  ]);
  if (!claimed) throw new SettledMeanwhile();
  const hire = termsOf(prices, attempt.networks, fees);
  if (!hire.ok || hire.terms.brandCents !== attempt.amountCents) {
    fail("price_changed", PRICE_CHANGED_MESSAGE);
  }
  if (outcome.amountCents !== attempt.amountCents) {
    throw new Error(`attempt ${attempt.id} charged ${outcome.amountCents} instead of ${attempt.amountCents}`);
  }
  const { terms } = hire;
  // The ledger's payment (external:stripe -B, escrow +B) is the table's movement, posted by the runner once the
  // networks are hired.
  await Promise.all([
    postMessage({ payload: { type: "payment", amountCents: terms.priceCents, feePercent: fees.brandPercent } }),
    outcome.saved ? rememberCard(tx, application.brandId, deps.payments.provider, outcome.saved) : null,
    eventId ? markProcessed(tx, attempt.provider, eventId) : null,
  ]);
}

/**
 * Marks the attempt succeeded unless another completion settled it (succeeded or canceled): the update locks the
 * row and reads it as committed, so of two completions one claims it and the other finds it settled.
 */
async function claimSucceeded(tx: Tx, attemptId: number, intentId: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(paymentAttempts)
    .set({ status: "succeeded", providerIntentId: intentId, error: null, updatedAt: now })
    .where(and(eq(paymentAttempts.id, attemptId), notInArray(paymentAttempts.status, ["succeeded", "canceled"])))
    .returning({ id: paymentAttempts.id });
  return claimed.length > 0;
}

/**
 * Marks the application's prices hired exactly for the ticked networks and answers them all, to check what the
 * hire costs: one statement for the write and the read (a refusal after it rolls the write back).
 */
async function hireNetworks(tx: Tx, applicationId: number, networks: readonly NetworkType[]) {
  return tx
    .update(applicationPrices)
    .set({ hired: inArray(applicationPrices.networkType, [...networks]) })
    .where(eq(applicationPrices.applicationId, applicationId))
    .returning({ networkType: applicationPrices.networkType, priceCents: applicationPrices.priceCents });
}

/**
 * Marks an open attempt canceled because its hire cannot be paid, under the application's row lock (so no
 * completion runs at the same time); false when another completion settled it meanwhile.
 */
async function cancelAttempt(deps: PaymentDeps, attemptId: number, reason: Reason, outcome: Succeeded) {
  return deps.db.transaction(async (tx) => {
    const attempt = await attemptById(tx, attemptId);
    await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, attempt.applicationId))
      .for("update");
    const locked = await attemptById(tx, attemptId, true);
    if (locked.status === "succeeded" || locked.status === "canceled") return false;
    await tx
      .update(paymentAttempts)
      .set({
        status: "canceled",
        providerIntentId: outcome.intentId,
        error: JSON.stringify({ refundedBecause: reason } satisfies AttemptError),
        updatedAt: deps.clock.now(),
      })
      .where(eq(paymentAttempts.id, attemptId));
    return true;
  });
}

/**
 * Refunds a canceled attempt's charge unless it is refunded already. The refund's key derives from the attempt,
 * so two deliveries refunding at once refund once. The event is recorded as handled only with the refund: if the
 * provider cannot be reached, the event's next delivery tries again.
 */
export async function giveBack(
  deps: PaymentDeps,
  attempt: PaymentAttempt,
  eventId?: string,
): Promise<Settlement & { kind: "refunded" }> {
  const error = errorOf(attempt);
  const reason = error && "refundedBecause" in error ? error.refundedBecause : "closed";
  if (!attempt.providerRefundId) {
    if (!attempt.providerIntentId) throw new Error(`canceled attempt ${attempt.id} has no intent to refund`);
    const { refundId } = await deps.payments.refund({
      intentId: attempt.providerIntentId,
      amountCents: attempt.amountCents,
      idempotencyKey: `refund:${attempt.idempotencyKey}`,
    });
    await deps.db.transaction(async (tx) => {
      await tx
        .update(paymentAttempts)
        .set({ providerRefundId: refundId, updatedAt: deps.clock.now() })
        .where(and(eq(paymentAttempts.id, attempt.id), isNull(paymentAttempts.providerRefundId)));
      if (eventId) await markProcessed(tx, attempt.provider, eventId);
    });
  } else if (eventId) {
    await markProcessed(deps.db, attempt.provider, eventId);
  }
  return { kind: "refunded", reason, message: REFUND_MESSAGES[reason] ?? REFUND_MESSAGES.closed ?? reason };
}
