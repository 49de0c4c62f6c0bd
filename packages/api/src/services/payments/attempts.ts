import { MINUTE_MS, type Reason } from "@market/contracts";
import {
  and,
  type Db,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  type PaymentAttempt,
  type PaymentProvider,
  paymentAttempts,
  processedWebhookEvents,
  sql,
  type Tx,
} from "@market/db";
import type { ChargeMetadata, ChargeOutcome } from "./gateway";
import type { HireTerms } from "./hire-terms";

/**
 * payment_attempts: each try to charge the brand for an application, written before the provider is called so
 * that a charge never happens without a row that the provider's webhook can find it by.
 */

/** The idempotency key sent to the provider: one per application and attempt, so a retried request charges once. */
export const attemptKey = (applicationId: number, attempt: number) => `accept:${applicationId}:${attempt}`;

/**
 * How long a `pending` attempt (the provider is being called) holds off another accept of its application.
 * Longer than any provider call (the Stripe client gives up after 80 s); a process that died mid-call leaves a
 * pending row behind, which stops blocking after this and is settled by the provider's webhook if it charged.
 */
export const IN_FLIGHT_MS = 2 * MINUTE_MS;

/** What `error` holds: the provider's refusal, or why a charge that succeeded too late was given back. */
export type AttemptError = { code: string; message: string | null } | { refundedBecause: Reason };

export const errorOf = (attempt: PaymentAttempt): AttemptError | null =>
  attempt.error ? (JSON.parse(attempt.error) as AttemptError) : null;

/**
 * The application's attempts so far, in one read (under its row lock): the last attempt's number, and whether one
 * of them is being charged right now (pending, younger than IN_FLIGHT_MS).
 */
export async function attemptsSoFar(
  tx: Tx,
  applicationId: number,
  now: Date,
): Promise<{ last: number; inFlight: boolean }> {
  const charging = and(
    eq(paymentAttempts.status, "pending"),
    gt(paymentAttempts.createdAt, new Date(now.getTime() - IN_FLIGHT_MS)),
  );
  const [row] = await tx
    .select({
      last: sql<number>`coalesce(max(${paymentAttempts.attempt}), 0)::int`,
      inFlight: sql<boolean>`coalesce(bool_or(${charging}), false)`,
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.applicationId, applicationId));
  return { last: row?.last ?? 0, inFlight: row?.inFlight === true };
}

/** The states in which an attempt can still take an outcome from the provider. */
const OPEN = ["pending", "requires_action"] as const;

/** The application's attempts still waiting for an outcome whose intent the provider named. */
const openWithIntent = (applicationId: number) =>
  and(
    eq(paymentAttempts.applicationId, applicationId),
    inArray(paymentAttempts.status, OPEN),
    isNotNull(paymentAttempts.providerIntentId),
  );

/** Those attempts (indexed by application). */
export async function openAttemptsWithIntent(db: Db, applicationId: number): Promise<PaymentAttempt[]> {
  return db.select().from(paymentAttempts).where(openWithIntent(applicationId)).orderBy(paymentAttempts.attempt);
}

/** Whether the application has such an attempt, as an expression to read beside the application (no extra query). */
export const hasOpenAttemptWithIntent = (db: Db, applicationId: number) =>
  sql<boolean>`${exists(db.select({ id: paymentAttempts.id }).from(paymentAttempts).where(openWithIntent(applicationId)))}`;

/** Writes attempt number `attempt` of the application (the next one, read under its row lock), pending. */
export async function openAttempt(
  tx: Tx,
  applicationId: number,
  attempt: number,
  provider: PaymentProvider,
  terms: HireTerms,
  fees: { brandPercent: number; influencerPercent: number },
  now: Date,
): Promise<PaymentAttempt> {
  const [row] = await tx
    .insert(paymentAttempts)
    .values({
      applicationId,
      attempt,
      provider,
      status: "pending",
      amountCents: terms.brandCents,
      networks: terms.networks,
      feeBrandPercent: fees.brandPercent,
      feeInfluencerPercent: fees.influencerPercent,
      idempotencyKey: attemptKey(applicationId, attempt),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("the payment attempt was not written");
  return row;
}

/** The attempt the provider's intent belongs to, with its application's brand. */
export async function attemptOfIntent(db: Db, provider: PaymentProvider, intentId: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerIntentId, intentId)));
  return row ?? null;
}

/**
 * The attempt a charge's metadata names (application and attempt number) when it has no intent id yet: its
 * process died between the provider's answer and recording it. An attempt that names another intent is not it.
 */
export async function attemptOfMetadata(
  db: Db,
  provider: PaymentProvider,
  metadata: ChargeMetadata,
): Promise<PaymentAttempt | null> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        eq(paymentAttempts.applicationId, Number(metadata.applicationId)),
        eq(paymentAttempts.attempt, Number(metadata.attempt)),
        isNull(paymentAttempts.providerIntentId),
      ),
    );
  return row ?? null;
}

/** Records the intent id an attempt's charge made, unless it has one already (the first record stands). */
export async function recordIntentId(db: Db, attemptId: number, intentId: string, now: Date): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ providerIntentId: intentId, updatedAt: now })
    .where(and(eq(paymentAttempts.id, attemptId), isNull(paymentAttempts.providerIntentId)));
}

export async function attemptById(db: Db | Tx, id: number, lock = false): Promise<PaymentAttempt> {
  const query = db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new Error(`no payment attempt ${id}`);
  return row;
}

/** What an open outcome writes on its attempt. */
function openOutcomeFields(
  attempt: PaymentAttempt,
  outcome: Exclude<ChargeOutcome, { status: "succeeded" }>,
  now: Date,
) {
  switch (outcome.status) {
    case "requires_action":
      return { status: "requires_action" as const, providerIntentId: outcome.intentId, updatedAt: now };
    case "processing":
      // Still pending, now with its intent: the webhook settles it, and the next accept asks the provider about it
      // (settledEarlierAttempt) rather than charging the card again.
      return { status: "pending" as const, providerIntentId: outcome.intentId, updatedAt: now };
    case "failed":
      return {
        status: "failed" as const,
        providerIntentId: outcome.intentId ?? attempt.providerIntentId,
        error: JSON.stringify({ code: outcome.code, message: outcome.message } satisfies AttemptError),
        updatedAt: now,
      };
  }
}

/**
 * Records that the provider wants the card authenticated, is still processing the payment, or refused it; only
 * over an attempt still open (a succeeded or given-back attempt keeps its state whatever arrives late). With
 * `eventId`, the webhook event it came with is recorded as handled in the same transaction.
 */
export async function recordOpenOutcome(
  db: Db,
  attempt: PaymentAttempt,
  outcome: Exclude<ChargeOutcome, { status: "succeeded" }>,
  now: Date,
  eventId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(paymentAttempts)
      .set(openOutcomeFields(attempt, outcome, now))
      .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.status, OPEN)));
    if (eventId) await markProcessed(tx, attempt.provider, eventId);
  });
}

/** Records a webhook event as handled (inside its effect's transaction); a second record changes nothing. */
export async function markProcessed(tx: Db | Tx, provider: PaymentProvider, eventId: string): Promise<void> {
  await tx.insert(processedWebhookEvents).values({ provider, eventId }).onConflictDoNothing();
}

export async function wasProcessed(db: Db, provider: PaymentProvider, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(and(eq(processedWebhookEvents.provider, provider), eq(processedWebhookEvents.eventId, eventId)));
  return row !== undefined;
}
