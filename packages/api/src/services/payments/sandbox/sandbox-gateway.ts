import { randomBytes } from "node:crypto";
import type { PaymentsConfig } from "@market/contracts";
import {
  and,
  applications,
  type Db,
  eq,
  isNull,
  or,
  type SandboxPaymentIntent,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
} from "@market/db";
import type { Clock } from "../../../clock";
import {
  type ChargeOutcome,
  type ChargeRequest,
  chargeMetadataOf,
  type PaymentGateway,
  PaymentUnavailableError,
  type WebhookEvent,
  WebhookSignatureError,
} from "../gateway";
import { AUTHENTICATION_FAILURE, CARD_FAILURES, type CardToTokenize, checkCard } from "./test-cards";
import { signWebhook, verifyWebhook } from "./webhook-signature";

/**
 * The signing secret of the sandbox's webhook events. Public on purpose: a forged sandbox event cannot fake a
 * payment, because the webhook processing acts on the intent as the gateway answers it (retrieve), never on the
 * event's word; the signature only keeps the sandbox's events on Stripe's verified path.
 */
export const SANDBOX_WEBHOOK_SECRET = "whsec_sandbox_public_not_a_secret";

/** A customer id of the sandbox: one per brand, as the Stripe adapter keeps one Stripe Customer per user. */
const customerIdOf = (userId: number) => `cus_sandbox_${userId}`;
const userIdOfCustomer = (customerId: string) => {
  const match = /^cus_sandbox_([1-9][0-9]{0,9})$/.exec(customerId);
  return match ? Number(match[1]) : null;
};
const randomId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString("hex")}`;

/** The card check failed: the field and Stripe.js's message, as the sandbox's card form shows it. */
export type TokenizeResult =
  | { ok: true; token: string }
  | { ok: false; field: "number" | "expMonth" | "expYear" | "cvc"; message: string };

/** A webhook as the provider would POST it: its raw body and Stripe-Signature header. */
export interface SignedWebhook {
  rawBody: string;
  signature: string;
}

/** The sandbox: the port plus what Stripe.js does in the browser (tokenize, authenticate), done on the server. */
export interface SandboxGateway extends PaymentGateway {
  readonly provider: "sandbox";
  /**
   * Stripe.js's createPaymentMethod: checks the card and answers a token (pm_sandbox_…), which one charge of the
   * brand `ownerUserId` may use (null: any brand's, for the tests that play Stripe.js without a user).
   */
  tokenize(card: CardToTokenize, ownerUserId: number | null): Promise<TokenizeResult>;
  /**
   * The card's authentication step (Stripe.js's handleCardAction), approved or failed by the brand: moves the
   * intent on and answers the webhook event Stripe would send about it, signed. A second call answers the same
   * event (same id) without changing anything; null when no intent has this client secret.
   */
  authenticate(clientSecret: string, approve: boolean): Promise<{ intentId: string; webhook: SignedWebhook } | null>;
  /** The intent a client secret belongs to, or null. */
  intentIdOf(clientSecret: string): Promise<string | null>;
  /** Signs an event body as the sandbox's webhooks are signed (tests deliver events over HTTP with it). */
  signWebhook(rawBody: string): SignedWebhook;
}

export function isSandboxGateway(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.provider === "sandbox" && "tokenize" in gateway && "authenticate" in gateway;
}

/** The event body Stripe sends for a payment intent (the fields the product reads). */
interface IntentEventBody {
  id: string;
  object: "event";
  type: "payment_intent.succeeded" | "payment_intent.payment_failed";
  created: number;
  data: {
    object: {
      id: string;
      object: "payment_intent";
      amount: number;
      currency: "usd";
      status: string;
      last_payment_error: { code: string; message: string | null } | null;
      metadata: Record<string, string>;
    };
  };
}

function eventBodyOf(intent: SandboxPaymentIntent, at: Date): IntentEventBody {
  const succeeded = intent.status === "succeeded";
  return {
    // One event per intent and outcome, so a repeated authentication delivers the very same event.
    id: `evt_sandbox_${intent.id}_${intent.status}`,
    object: "event",
    type: succeeded ? "payment_intent.succeeded" : "payment_intent.payment_failed",
    created: Math.floor(at.getTime() / 1000),
    data: {
      object: {
        id: intent.id,
        object: "payment_intent",
        amount: intent.amountCents,
        currency: "usd",
        status: succeeded ? "succeeded" : "requires_payment_method",
        last_payment_error: succeeded
          ? null
          : { code: intent.failureCode ?? "card_declined", message: intent.failureMessage },
        metadata: intent.metadata,
      },
    },
  };
}

/** Reads a verified event body; anything but the two intent events the product acts on is `ignored`. */
function readEvent(rawBody: string): WebhookEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError("The body is not JSON");
  }
  const event = body as Partial<IntentEventBody> | null;
  const intent = event?.data?.object;
  if (typeof event?.id !== "string") throw new WebhookSignatureError("The event has no id");
  if (!intent || typeof intent.id !== "string" || typeof intent.amount !== "number") {
    return { id: event.id, type: "ignored" };
  }
  if (event.type === "payment_intent.succeeded") {
    return {
      id: event.id,
      type: "payment_succeeded",
      intentId: intent.id,
      amountCents: intent.amount,
      metadata: chargeMetadataOf(intent.metadata),
    };
  }
  if (event.type === "payment_intent.payment_failed") {
    const error = intent.last_payment_error;
    return {
      id: event.id,
      type: "payment_failed",
      intentId: intent.id,
      code: error?.code ?? "card_declined",
      message: error?.message ?? null,
      metadata: chargeMetadataOf(intent.metadata),
    };
  }
  return { id: event.id, type: "ignored" };
}

/**
 * The built-in sandbox of money.md, used when Stripe is not configured: Stripe's contract and test cards, its
 * state in the database (sandbox_payment_methods, sandbox_payment_intents) so that every server instance sees
 * the same intents and a restart loses none. While `unavailable()` answers true (PAYMENTS_SANDBOX_UNAVAILABLE=1,
 * or a test's switch) it plays the provider's outage: charge, retrieve and refund throw PaymentUnavailableError
 * before doing anything.
 */
export function sandboxGateway(deps: { db: Db; clock: Clock; unavailable?: () => boolean }): SandboxGateway {
  const { db, clock } = deps;
  const config: PaymentsConfig = { provider: "sandbox" };
  const refuseIfDown = () => {
    if (deps.unavailable?.()) throw new PaymentUnavailableError("The payment sandbox plays an outage");
  };

  async function outcomeOf(intent: SandboxPaymentIntent): Promise<ChargeOutcome> {
    if (intent.status === "requires_action") {
      return { status: "requires_action", intentId: intent.id, clientSecret: intent.clientSecret };
    }
    if (intent.status === "failed") {
      return {
        status: "failed",
        intentId: intent.id,
        code: intent.failureCode ?? "card_declined",
        message: intent.failureMessage,
      };
    }
    let saved: Extract<ChargeOutcome, { status: "succeeded" }>["saved"] = null;
    if (intent.saveForUserId !== null) {
      const [method] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, intent.paymentMethodId));
      if (method) {
        saved = {
          customerId: customerIdOf(intent.saveForUserId),
          paymentMethodId: method.id,
          card: { brand: method.brand, last4: method.last4, expMonth: method.expMonth, expYear: method.expYear },
        };
      }
    }
    return { status: "succeeded", intentId: intent.id, amountCents: intent.amountCents, saved };
  }

  const sign = (rawBody: string): SignedWebhook => ({
    rawBody,
    signature: signWebhook(SANDBOX_WEBHOOK_SECRET, rawBody, clock.now()),
  });

  const intentById = async (id: string) =>
    (await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0];
  const intentByKey = async (key: string) =>
    (await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.idempotencyKey, key)))[0];

  /** Stripe attaches the card to the customer once an intent with setup_future_usage succeeds. */
  async function attachIfSaved(intent: SandboxPaymentIntent) {
    if (intent.status !== "succeeded" || intent.saveForUserId === null) return;
    await db
      .update(sandboxPaymentMethods)
      .set({ customerUserId: intent.saveForUserId })
      .where(eq(sandboxPaymentMethods.id, intent.paymentMethodId));
  }

  /** The brand a charge is for: the application of its metadata (Stripe never knows; the sandbox can ask). */
  async function payerOf(request: ChargeRequest): Promise<number | null> {
    const applicationId = Number(request.metadata.applicationId);
    const [application] = await db
      .select({ brandId: applications.brandId })
      .from(applications)
      .where(eq(applications.id, applicationId));
    return application?.brandId ?? null;
  }

  async function methodFor(request: ChargeRequest) {
    const { source } = request;
    if (source.kind === "saved") {
      const [method] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, source.paymentMethodId));
      return method?.customerUserId != null && method.customerUserId === userIdOfCustomer(source.customerId)
        ? method
        : null;
    }
    // A new card's token is used by one charge, of the brand that made it (Stripe: a PaymentMethod that no
    // customer holds is used once; one a customer holds needs that customer). Taken in one update, so two charges
    // at once cannot both have it; a retry of the charge, with its key, has it again.
    const payer = await payerOf(request);
    const [method] = await db
      .update(sandboxPaymentMethods)
      .set({ usedByKey: request.idempotencyKey })
      .where(
        and(
          eq(sandboxPaymentMethods.id, source.token),
          isNull(sandboxPaymentMethods.customerUserId),
          or(isNull(sandboxPaymentMethods.usedByKey), eq(sandboxPaymentMethods.usedByKey, request.idempotencyKey)),
          or(
            isNull(sandboxPaymentMethods.createdByUserId),
            payer === null ? undefined : eq(sandboxPaymentMethods.createdByUserId, payer),
          ),
        ),
      )
      .returning();
    return method ?? null;
  }

  return {
    provider: "sandbox",
    publicConfig: config,

    async charge(request) {
      refuseIfDown();
      // A retried request (same key) answers the intent its first try made, as Stripe does: the insert below finds
      // it by its conflict, or it is looked for here when the card can no longer be used (the first try saved it).
      const method = await methodFor(request);
      if (!method) {
        const existing = await intentByKey(request.idempotencyKey);
        if (existing) return outcomeOf(existing);
        return {
          status: "failed",
          intentId: null,
          code: "resource_missing",
          message: "This card can no longer be used. Please enter it again.",
        };
      }
      const failure = CARD_FAILURES[method.behaviour];
      const status = failure
        ? "failed"
        : method.behaviour === "requires_authentication"
          ? "requires_action"
          : "succeeded";
      const now = clock.now();
      const inserted = await db
        .insert(sandboxPaymentIntents)
        .values({
          id: randomId("pi"),
          idempotencyKey: request.idempotencyKey,
          amountCents: request.amountCents,
          paymentMethodId: method.id,
          status,
          clientSecret: `${randomId("pi")}_secret_${randomBytes(12).toString("hex")}`,
          saveForUserId: request.source.kind === "token" && request.save ? request.save.userId : null,
          failureCode: failure?.code ?? null,
          failureMessage: failure?.message ?? null,
          metadata: { ...request.metadata },
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
        .returning();
      // A retry, or two requests with one key at once: the later answers the first's intent.
      const intent = inserted[0] ?? (await intentByKey(request.idempotencyKey));
      if (!intent) throw new Error("the sandbox intent was not written");
      await attachIfSaved(intent);
      return outcomeOf(intent);
    },

    async retrieve(intentId) {
      refuseIfDown();
      const intent = await intentById(intentId);
      if (!intent) return { status: "failed", intentId, code: "resource_missing", message: null };
      return outcomeOf(intent);
    },

    async refund({ intentId, amountCents, idempotencyKey }) {
      refuseIfDown();
      const intent = await intentById(intentId);
      if (intent?.status !== "succeeded" || amountCents !== intent.amountCents) {
        throw new Error(`the sandbox cannot refund ${amountCents} of intent ${intentId}`);
      }
      if (intent.refundId) return { refundId: intent.refundId };
      const [refunded] = await db
        .update(sandboxPaymentIntents)
        .set({ refundId: randomId("re"), refundIdempotencyKey: idempotencyKey, updatedAt: clock.now() })
        .where(and(eq(sandboxPaymentIntents.id, intentId), isNull(sandboxPaymentIntents.refundId)))
        .returning();
      // Refunded at the same moment by another call: its refund is the one.
      const refundId = refunded?.refundId ?? (await intentById(intentId))?.refundId;
      if (!refundId) throw new Error("the sandbox refund was not written");
      return { refundId };
    },

    parseWebhook(rawBody, signatureHeader, now) {
      verifyWebhook(SANDBOX_WEBHOOK_SECRET, rawBody, signatureHeader, now);
      return readEvent(rawBody);
    },

    async tokenize(card, ownerUserId) {
      const checked = checkCard(card, clock.now());
      if (!checked.ok) return checked;
      const token = randomId("pm");
      await db.insert(sandboxPaymentMethods).values({
        id: token,
        createdByUserId: ownerUserId,
        brand: checked.brand,
        last4: checked.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        behaviour: checked.behaviour,
        createdAt: clock.now(),
      });
      return { ok: true, token };
    },

    async authenticate(clientSecret, approve) {
      const now = clock.now();
      const [pending] = await db
        .update(sandboxPaymentIntents)
        .set(
          approve
            ? { status: "succeeded", updatedAt: now }
            : {
                status: "failed",
                failureCode: AUTHENTICATION_FAILURE.code,
                failureMessage: AUTHENTICATION_FAILURE.message,
                updatedAt: now,
              },
        )
        .where(
          and(
            eq(sandboxPaymentIntents.clientSecret, clientSecret),
            eq(sandboxPaymentIntents.status, "requires_action"),
          ),
        )
        .returning();
      const intent =
        pending ??
        (await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.clientSecret, clientSecret)))[0];
      if (!intent) return null;
      await attachIfSaved(intent);
      if (intent.status === "requires_action") throw new Error("the sandbox intent is still waiting");
      return { intentId: intent.id, webhook: sign(JSON.stringify(eventBodyOf(intent, now))) };
    },

    async intentIdOf(clientSecret) {
      const [intent] = await db
        .select({ id: sandboxPaymentIntents.id })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      return intent?.id ?? null;
    },

    signWebhook: sign,
  };
}
