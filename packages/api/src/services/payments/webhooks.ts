import { fail } from "../../errors";
import {
  attemptOfIntent,
  attemptOfMetadata,
  markProcessed,
  recordIntentId,
  recordOpenOutcome,
  wasProcessed,
} from "./attempts";
import { type PaymentDeps, settleSucceededCharge } from "./complete-payment";
import { type WebhookEvent, WebhookSignatureError } from "./gateway";
import { answeringOutage } from "./unavailable";

/**
 * POST /api/payments/stripe/webhook, and the sandbox's events after its authentication step: the provider tells
 * how a payment ended, so that a payment whose browser went away still completes. The signature is checked on
 * the raw body (a bad or stale one is `invalid`; the gateway out of reach is `payment_unavailable`). Each event
 * takes effect once: it is recorded in processed_webhook_events in the same transaction as its effect, and an
 * event already recorded is skipped.
 * Replayed or out-of-order events change nothing twice, because the effects themselves only move an attempt
 * forward: a success settles the attempt unless it is settled (paid or given back), a failure marks only an
 * attempt still open, and a success arriving after a failure still pays (the gateway's retrieve is the truth).
 */
export async function processWebhook(
  deps: PaymentDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true }> {
  let event: WebhookEvent;
  try {
    event = deps.payments.parseWebhook(rawBody, signature, deps.clock.now());
  } catch (error) {
    if (error instanceof WebhookSignatureError) fail("invalid", error.message);
    throw error;
  }
  // The gateway out of reach (its retrieve or refund): payment_unavailable, 503, with the event not recorded as
  // handled, so that the provider's next delivery of it takes effect.
  await answeringOutage(
    () => processEvent(deps, event),
    "The payment provider cannot be reached to check this event: deliver it again later.",
  );
  return { received: true };
}

async function processEvent(deps: PaymentDeps, event: WebhookEvent): Promise<void> {
  if (event.type === "ignored") return;
  const { provider } = deps.payments;
  if (await wasProcessed(deps.db, provider, event.id)) return;
  // The event's word is not taken for a success: the gateway says whether the intent succeeded, for how much,
  // and which card it saved. An intent that has not succeeded (a stale or forged event) changes nothing.
  const outcome = event.type === "payment_succeeded" ? await deps.payments.retrieve(event.intentId) : null;
  let attempt = await attemptOfIntent(deps.db, provider, event.intentId);
  if (!attempt && event.metadata) {
    // No attempt names the intent: its process may have died after the provider charged and before it recorded
    // the intent id. The charge's metadata names the attempt; the intent id is recorded on it now, so that the
    // charge is then settled as any other (paid, or refunded when the application moved on meanwhile, e.g.
    // hired through a later attempt) rather than kept with no hire behind it.
    // The metadata is only believed with the gateway's word: the intent's state matches the event (a failure is
    // failed, a success succeeded for the attempt's amount), so a forged event cannot claim another attempt.
    const named = await attemptOfMetadata(deps.db, provider, event.metadata);
    const actual = named ? (outcome ?? (await deps.payments.retrieve(event.intentId))) : null;
    const fits =
      named !== null &&
      actual !== null &&
      (event.type === "payment_failed"
        ? actual.status === "failed"
        : actual.status === "succeeded" && actual.amountCents === named.amountCents);
    if (named && fits) {
      await recordIntentId(deps.db, named.id, event.intentId, deps.clock.now());
      attempt = await attemptOfIntent(deps.db, provider, event.intentId);
    }
  }
  // An intent without the checkout's metadata that no attempt names is not a charge of ours (another use of the
  // provider account): acknowledged, so the provider does not retry it for days.
  if (!attempt && !event.metadata) {
    await markProcessed(deps.db, provider, event.id);
    return;
  }
  // An intent no attempt names yet: its accept is between the provider's answer and recording it. Answered
  // not_found, so that the provider delivers the event again later (Stripe retries for days), when it is known.
  if (!attempt) fail("not_found", "No payment attempt has this intent yet.");
  if (event.type === "payment_failed") {
    await recordOpenOutcome(
      deps.db,
      attempt,
      { status: "failed", intentId: event.intentId, code: event.code, message: event.message },
      deps.clock.now(),
      event.id,
    );
    return;
  }
  if (outcome?.status !== "succeeded") {
    await markProcessed(deps.db, provider, event.id);
    return;
  }
  await settleSucceededCharge(deps, attempt.id, outcome, { eventId: event.id });
}
