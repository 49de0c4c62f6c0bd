import type { Accept, AcceptResult } from "@market/contracts";
import { applications, type Db, eq, type PaymentAttempt, users } from "@market/db";
import { fail, failField } from "../../errors";
import type { Viewer } from "../../viewer";
import { decide } from "../applications/lifecycle/transitions";
import { applicationOfParty, partyOf } from "../applications/parties";
import { verifyPassword } from "../auth/password";
import { type RateLimitDeps, throttle } from "../auth/rate-limit";
import {
  attemptOfIntent,
  attemptsSoFar,
  errorOf,
  hasOpenAttemptWithIntent,
  openAttempt,
  openAttemptsWithIntent,
  recordIntentId,
  recordOpenOutcome,
} from "./attempts";
import { giveBack, type PaymentDeps, PRICE_CHANGED_MESSAGE, settleSucceededCharge } from "./complete-payment";
import { type ChargeOutcome, type PaymentSource, PaymentUnavailableError } from "./gateway";
import { currentFees, hireTerms, proposalRights, rightsAsShown } from "./hire-terms";
import { usableSavedCard } from "./saved-cards";
import { answeringOutage } from "./unavailable";

type AcceptDeps = PaymentDeps & RateLimitDeps;

const TERMS_CHANGED_MESSAGE = "The usage rights have changed. Please check them and try again.";

const GENERIC_PAYMENT_FAILURE = "The payment did not go through. Please check the card or try another one.";

/** A payment the provider took but has not settled yet: its webhook pays the hire later. */
const PROCESSING: AcceptResult = { requiresAction: false, processing: true };

/** The failure recorded on an attempt the provider's outage left without an answer. */
const UNAVAILABLE = { status: "failed", intentId: null, code: "payment_unavailable", message: null } as const;

/** The card was refused: payment_failed, with the provider's message as the message and on cardOptions. */
function failPayment(message: string | null): never {
  fail(
    "payment_failed",
    message ?? GENERIC_PAYMENT_FAILURE,
    message ? [{ path: ["cardOptions"], message }] : undefined,
  );
}

/**
 * POST /api/applications/{id}/accept (spec sections 2, 4, 7; money.md): the brand hires the ticked networks of a
 * WAITING proposal and pays B for them.
 *
 * 1. Under the application's row lock, through the lifecycle table's accept: the caller must be its brand
 *    (not_found to strangers, forbidden to the influencer), the proposal waiting and not expired; B is recomputed
 *    from the ticked networks (each must be in the proposal) and the brand fee, and a different
 *    frontendPriceInCents is price_changed with nothing charged; so are usage rights other than those the checkout
 *    showed (usageRights, when sent). An attempt is written (pending) before the
 *    provider is called, with the terms it pays for. While one attempt is being charged another accept of the
 *    application is a conflict, so that two tabs (or fifty requests) charge once.
 * 2. The provider is called outside any transaction, with the attempt's idempotency key.
 * 3. Paid: settleSucceededCharge completes the hire in one transaction. Authentication needed: the attempt is
 *    recorded and the browser gets the intent's secret, then calls again with confirmToken (the intent id).
 *    Processing (taken, not settled yet): the attempt stays pending with its intent, the answer says so, and the
 *    provider's webhook pays the hire when the payment succeeds; the hire is never paid before.
 *    Refused: the attempt is recorded failed and the answer is payment_failed with the provider's message.
 *
 * The provider down or unreachable, at any of its calls, answers payment_unavailable (HTTP 503) with nothing
 * charged by us and nothing written but the attempt, recorded failed so that the next accept charges at once.
 */
export function accept(deps: AcceptDeps, viewer: Viewer, input: Accept): Promise<AcceptResult> {
  return answeringOutage(() => acceptOrConfirm(deps, viewer, input));
}

async function acceptOrConfirm(deps: AcceptDeps, viewer: Viewer, input: Accept): Promise<AcceptResult> {
  const { cardOptions } = input;
  if (cardOptions.confirmToken) return confirmPayment(deps, viewer, input.id, cardOptions.confirmToken);
  // What the lifecycle refuses is answered before a password is checked (an influencer gets forbidden, not
  // bad_password); it is decided again under the lock below.
  const { application, role, earlierOpen } = await applicationToAccept(deps.db, viewer, input.id);
  const early = decide(
    application,
    "accept",
    { role, impersonating: viewer.impersonatorId !== null },
    deps.clock.now(),
  );
  if (!early.ok) fail(early.reason, early.message);
  const earlierAnswer = earlierOpen ? await settledEarlierAttempt(deps, viewer, input.id) : null;
  if (earlierAnswer) return earlierAnswer;

  const source: PaymentSource = cardOptions.useExistingCard
    ? await savedCardSource(deps, viewer, input.password)
    : { kind: "token", token: cardOptions.token ?? "" };
  const attempt = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const locked = await applicationOfParty(tx, viewer, input.id, "update");
    const decision = decide(
      locked.application,
      "accept",
      { role: locked.role, impersonating: viewer.impersonatorId !== null },
      now,
    );
    if (!decision.ok) fail(decision.reason, decision.message);
    const fees = currentFees();
    // Both reads need the lock (they see what its last holder wrote), not each other: sent together.
    const [earlier, hire, rights] = await Promise.all([
      attemptsSoFar(tx, input.id, now),
      hireTerms(tx, input.id, input.networks, fees),
      input.usageRights ? proposalRights(tx, input.id) : null,
    ]);
    if (earlier.inFlight) fail("conflict", "A payment for this application is already under way.");
    if (!hire.ok) failField(["networks", hire.missing.index], "This network is not in the proposal.");
    if (hire.terms.brandCents !== input.frontendPriceInCents) fail("price_changed", PRICE_CHANGED_MESSAGE);
    // The rights changed without the price: the brand would pay for other terms than it read.
    if (rights && input.usageRights && !rightsAsShown(rights, input.networks, input.usageRights))
      fail("price_changed", TERMS_CHANGED_MESSAGE);
    return openAttempt(tx, input.id, earlier.last + 1, deps.payments.provider, hire.terms, fees, now);
  });

  const save =
    source.kind === "token" && cardOptions.saveCard
      ? { userId: viewer.userId, email: await emailOf(deps.db, viewer.userId) }
      : null;
  let outcome: ChargeOutcome;
  try {
    outcome = await deps.payments.charge({
      amountCents: attempt.amountCents,
      idempotencyKey: attempt.idempotencyKey,
      source,
      save,
      description: `Hire of application ${attempt.applicationId}`,
      metadata: { applicationId: String(attempt.applicationId), attempt: String(attempt.attempt) },
    });
  } catch (error) {
    // The provider is down: the attempt fails now rather than blocking the application's accepts as in flight,
    // and the next accept charges under the next attempt's key (a key Stripe answered with a 5xx replays that 5xx).
    // Should the provider have charged this attempt all the same, its webhook finds the attempt by the charge's
    // metadata and pays the hire, or refunds the charge when another attempt paid it: the brand pays once.
    if (error instanceof PaymentUnavailableError)
      await recordOpenOutcome(deps.db, attempt, UNAVAILABLE, deps.clock.now());
    throw error;
  }
  return answer(deps, viewer, attempt, outcome);
}

/**
 * The application as accept first reads it (no lock: what the lifecycle refuses is answered early), and whether it
 * has earlier attempts for settledEarlierAttempt to ask the provider about, in one query.
 */
async function applicationToAccept(db: Db, viewer: Viewer, id: number) {
  const [row] = await db
    .select({ application: applications, earlierOpen: hasOpenAttemptWithIntent(db, id) })
    .from(applications)
    .where(eq(applications.id, id));
  return { ...partyOf(row?.application, viewer), earlierOpen: row?.earlierOpen === true };
}

/**
 * Before a new attempt is charged, the provider is asked about the application's earlier attempts still open
 * with a known intent (the brand passed the authentication step, but neither the browser's confirmation nor the
 * webhook arrived): one that succeeded is settled now and the accept answers paid, rather than charging the card
 * a second time and refunding the first charge when its webhook comes; one the provider is still processing
 * answers processing, charging nothing (its webhook settles it). Null: nothing earlier stands, charge anew. An
 * attempt whose process died before it recorded its intent id cannot be asked by id; the webhook finds it by the
 * charge's metadata and refunds it.
 */
async function settledEarlierAttempt(
  deps: AcceptDeps,
  viewer: Viewer,
  applicationId: number,
): Promise<AcceptResult | null> {
  const actor = { userId: viewer.userId, impersonatorId: viewer.impersonatorId };
  for (const earlier of await openAttemptsWithIntent(deps.db, applicationId)) {
    if (!earlier.providerIntentId) continue;
    const outcome = await deps.payments.retrieve(earlier.providerIntentId);
    if (outcome.status === "failed") await recordOpenOutcome(deps.db, earlier, outcome, deps.clock.now());
    if (outcome.status === "processing") return PROCESSING;
    if (outcome.status !== "succeeded") continue;
    const settled = await settleSucceededCharge(deps, earlier.id, outcome, { actor, attempt: earlier });
    if (settled.kind === "paid") return { requiresAction: false };
  }
  return null;
}

/** The saved card, once the account password is right (counted, as a login is: it guards a card). */
async function savedCardSource(deps: AcceptDeps, viewer: Viewer, password: string | undefined): Promise<PaymentSource> {
  await throttle(deps, [["checkoutPasswordPerUser", String(viewer.userId)]]);
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, viewer.userId))
    .limit(1);
  if (!user) fail("unauthorized");
  if (!password || !(await verifyPassword(user.passwordHash, password))) {
    fail("bad_password", "Bad password", [{ path: ["password"], message: "Bad password" }]);
  }
  const card = await usableSavedCard(deps.db, deps.clock, viewer.userId, deps.payments.provider);
  if (!card) {
    const message = "There is no saved card to pay with (an expired card is not kept). Enter a card.";
    failField(["cardOptions", "useExistingCard"], message);
  }
  return { kind: "saved", customerId: card.providerCustomerId, paymentMethodId: card.providerPaymentMethodId };
}

async function emailOf(db: Db, userId: number): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) fail("unauthorized");
  return user.email;
}

/** What the provider's answer means for the brand, for a fresh charge and a confirmation alike. */
async function answer(
  deps: AcceptDeps,
  viewer: Viewer,
  attempt: PaymentAttempt,
  outcome: ChargeOutcome,
): Promise<AcceptResult> {
  const actor = { userId: viewer.userId, impersonatorId: viewer.impersonatorId };
  switch (outcome.status) {
    case "succeeded": {
      const settled = await settleSucceededCharge(deps, attempt.id, outcome, { actor, attempt }).catch(
        async (error: unknown) => {
          // Charged, but the hire's transaction failed (its database connection was lost): keep the intent on the
          // open attempt, so that the brand's retry asks the provider about it and settles this charge
          // (settledEarlierAttempt) instead of waiting IN_FLIGHT_MS or charging again. If even that write fails,
          // the provider's webhook finds the attempt by the charge's metadata.
          await recordIntentId(deps.db, attempt.id, outcome.intentId, deps.clock.now()).catch(() => undefined);
          throw error;
        },
      );
      if (settled.kind === "refunded") fail(settled.reason, settled.message);
      return { requiresAction: false };
    }
    case "requires_action":
      await recordOpenOutcome(deps.db, attempt, outcome, deps.clock.now());
      return { requiresAction: true, intentSecret: outcome.clientSecret };
    case "processing":
      await recordOpenOutcome(deps.db, attempt, outcome, deps.clock.now());
      return PROCESSING;
    case "failed":
      await recordOpenOutcome(deps.db, attempt, outcome, deps.clock.now());
      return failPayment(outcome.message);
  }
}

/**
 * Accept's second call, after the browser's authentication step: the intent must be one of this application's
 * attempts. A payment the webhook completed meanwhile answers paid; otherwise the gateway says where the intent
 * stands and that is settled as for a fresh charge.
 */
async function confirmPayment(
  deps: AcceptDeps,
  viewer: Viewer,
  applicationId: number,
  intentId: string,
): Promise<AcceptResult> {
  const { role } = await applicationOfParty(deps.db, viewer, applicationId);
  if (role !== "brand") fail("forbidden", "You cannot do this on this application.");
  const attempt = await attemptOfIntent(deps.db, deps.payments.provider, intentId);
  if (!attempt || attempt.applicationId !== applicationId) fail("not_found");
  const error = errorOf(attempt);
  switch (attempt.status) {
    case "succeeded":
      return { requiresAction: false };
    case "canceled": {
      // Paid after its application moved on: given back (again, if the refund is still owed).
      const refunded = await giveBack(deps, attempt);
      return fail(refunded.reason, refunded.message);
    }
    case "failed":
      return failPayment(error && "code" in error ? error.message : null);
    default:
      return answer(deps, viewer, attempt, await deps.payments.retrieve(intentId));
  }
}
