import { randomBytes } from "node:crypto";
import { type HttpHandler, HttpResponse, http } from "msw";
import { parseStripeForm, type StripeForm, text } from "./stripe-form";
import { signStripeWebhook, stripeEventBody } from "./stripe-webhooks";

/**
 * A fake of the part of Stripe's v1 HTTP API the Stripe adapter uses, for msw (one handlers file per provider):
 * PaymentIntents (create and confirm, retrieve), Customers, PaymentMethods, Refunds, with Stripe's test payment
 * methods, its error bodies (a declined card is a 402 carrying the intent), its idempotency (same key and same
 * parameters: the first answer again; other parameters: an idempotency_error) and its webhook signatures.
 * State lives in the fake returned by `fakeStripe()`; install it with `mswServer.use(...stripe.handlers)`.
 *
 * Shapes: the PaymentIntent object is Stripe's OpenAPI `payment_intent` (github.com/stripe/openapi, openapi/spec3.json
 * at af5309c, 2026-07-29; trimmed in specs/stripe-payment-intents.json, against which specs/stripe-spec.int.test.ts
 * checks every intent this fake answers), its statuses and next actions as stripe-node 23.1.0's generated types
 * (API version 2026-10-28.endive) describe them; errors as docs.stripe.com/api/errors (type, code, decline_code,
 * message, param, payment_intent); test cards as docs.stripe.com/testing.
 */

const API = "https://api.stripe.com/v1";

/** Keys a test configures the adapter with; the fake refuses any other secret key, as Stripe would. */
export const STRIPE_TEST_KEYS = {
  secretKey: "sk_test_51FakeSecretKeyForTheMswHandlers",
  publishableKey: "pk_test_51FakePublishableKeyForTheMswHandlers",
  webhookSecret: "whsec_FakeWebhookSigningSecretForTheMswHandlers",
} as const;

type Behaviour =
  | { kind: "succeed" }
  /** 3-D Secure on every payment (4000 0027 6000 3184). */
  | { kind: "authenticate" }
  | { kind: "decline"; code: string; declineCode: string | null; message: string };

interface TestCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: Behaviour;
}

const VALID_EXPIRY = { expMonth: 12, expYear: 2034 };
const DECLINED = "Your card was declined.";

/** Stripe's test PaymentMethods (docs.stripe.com/testing) by what they do. */
export const STRIPE_TEST_PAYMENT_METHODS = {
  succeeds: "pm_card_visa",
  requiresAuthentication: "pm_card_authenticationRequired",
  declined: "pm_card_chargeDeclined",
  insufficientFunds: "pm_card_chargeDeclinedInsufficientFunds",
  expired: "pm_card_chargeDeclinedExpiredCard",
  incorrectCvc: "pm_card_chargeDeclinedIncorrectCvc",
} as const;
export type StripeTestCard = keyof typeof STRIPE_TEST_PAYMENT_METHODS;

const TEST_CARDS: Record<StripeTestCard, TestCard> = {
  succeeds: { brand: "visa", last4: "4242", ...VALID_EXPIRY, behaviour: { kind: "succeed" } },
  requiresAuthentication: { brand: "visa", last4: "3184", ...VALID_EXPIRY, behaviour: { kind: "authenticate" } },
  declined: {
    brand: "visa",
    last4: "0002",
    ...VALID_EXPIRY,
    behaviour: { kind: "decline", code: "card_declined", declineCode: "generic_decline", message: DECLINED },
  },
  insufficientFunds: {
    brand: "visa",
    last4: "9995",
    ...VALID_EXPIRY,
    behaviour: {
      kind: "decline",
      code: "card_declined",
      declineCode: "insufficient_funds",
      message: "Your card has insufficient funds.",
    },
  },
  expired: {
    brand: "visa",
    last4: "0069",
    ...VALID_EXPIRY,
    behaviour: { kind: "decline", code: "expired_card", declineCode: null, message: "Your card has expired." },
  },
  incorrectCvc: {
    brand: "visa",
    last4: "0127",
    ...VALID_EXPIRY,
    behaviour: {
      kind: "decline",
      code: "incorrect_cvc",
      declineCode: null,
      message: "Your card's security code is incorrect.",
    },
  },
};

const AUTHENTICATION_FAILURE_MESSAGE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

interface PaymentMethodState {
  id: string;
  card: TestCard;
  customer: string | null;
  created: number;
}

/** A PaymentIntent as Stripe's JSON has it (the fields this fake maintains). */
export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  confirmation_method: "automatic";
  capture_method: "automatic";
  customer: string | null;
  payment_method: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  setup_future_usage: string | null;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: Record<string, unknown> | null;
  next_action: Record<string, unknown> | null;
  /** Set while the intent is `processing`: the payment method's type (stripe-node 23.1.0, PaymentIntent.Processing). */
  processing: { type: "card" } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string | null;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

/** One request the fake answered, for tests that count calls or check the idempotency keys sent. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The answer was a stored one, replayed for a repeated idempotency key. */
  replayed: boolean;
  /** The HTTP status answered; 0 when the connection failed (a network outage). */
  status: number;
}

/**
 * Stripe out of reach, as its clients meet it: `server_error`, its front answers 500 api_error before any endpoint
 * runs (so no idempotent answer is kept, and a request after the outage runs afresh); `network`, the connection
 * fails with no answer at all.
 */
export type Outage = "server_error" | "network";

interface Answer {
  status: number;
  body: unknown;
}

export function fakeStripe(options: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = options.secretKey ?? STRIPE_TEST_KEYS.secretKey;
  const webhookSecret = options.webhookSecret ?? STRIPE_TEST_KEYS.webhookSecret;
  const intents = new Map<string, FakePaymentIntent>();
  const paymentMethods = new Map<string, PaymentMethodState>();
  const customers = new Map<string, { id: string; email: string | null; metadata: Record<string, string> }>();
  const refunds: FakeRefund[] = [];
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: FakeStripeRequest[] = [];
  let succeededPayments = 0;
  let answersToDrop = 0;
  let outage: Outage | null = null;
  /** While set, a payment that would succeed stops at `processing` instead (see holdInProcessing). */
  let processingHeld = false;

  const now = () => Math.floor(Date.now() / 1000);
  const ok = (body: unknown): Answer => ({ status: 200, body: structuredClone(body) });
  const failure = (status: number, error: Record<string, unknown>): Answer => ({
    status,
    body: { error: structuredClone({ ...error, request_log_url: "https://dashboard.stripe.com/test/logs/req_fake" }) },
  });
  const invalid = (message: string, fields: { code?: string; param?: string } = {}, status = 400) =>
    failure(status, { type: "invalid_request_error", message, ...fields });

  function paymentMethodJson(method: PaymentMethodState) {
    const { brand, last4, expMonth, expYear } = method.card;
    return {
      id: method.id,
      object: "payment_method",
      type: "card",
      card: { brand, last4, exp_month: expMonth, exp_year: expYear, country: "US", funding: "credit" },
      customer: method.customer,
      billing_details: { address: null, email: null, name: null, phone: null },
      metadata: {},
      created: method.created,
      livemode: false,
    };
  }

  /** Stripe.js's createPaymentMethod in the browser: a new pm_ id for a test card. */
  function newPaymentMethod(card: TestCard): PaymentMethodState {
    const method = { id: stripeId("pm"), card, customer: null, created: now() };
    paymentMethods.set(method.id, method);
    return method;
  }

  /** A test id (pm_card_visa) stands for a fresh PaymentMethod each time it is used, as on Stripe. */
  function resolvePaymentMethod(id: string): PaymentMethodState | undefined {
    const testCard = Object.entries(STRIPE_TEST_PAYMENT_METHODS).find(([, testId]) => testId === id)?.[0];
    if (testCard) return newPaymentMethod(TEST_CARDS[testCard as StripeTestCard]);
    return paymentMethods.get(id);
  }

  function succeed(intent: FakePaymentIntent, method: PaymentMethodState, settling = false) {
    intent.next_action = null;
    if (processingHeld && !settling) {
      // Taken, not settled: Stripe's `processing` (docs.stripe.com/payments/paymentintents/lifecycle), settled
      // later by settleProcessing as Stripe settles it, with payment_intent.succeeded or .payment_failed.
      intent.status = "processing";
      intent.processing = { type: "card" };
      return;
    }
    intent.processing = null;
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.latest_charge = stripeId("ch");
    intent.next_action = null;
    intent.last_payment_error = null;
    // setup_future_usage with a customer attaches the card to it once the payment succeeds.
    if (intent.setup_future_usage && intent.customer) method.customer = intent.customer;
    succeededPayments += 1;
  }

  /**
   * Confirms an intent with its payment method: what the card does decides the answer. A card's 3-D Secure is a
   * `use_stripe_sdk` next action (for Stripe.js's handleNextAction) only when the server-side confirmation asked
   * for it with use_stripe_sdk=true; otherwise Stripe answers a `redirect_to_url` one, which Stripe.js's
   * handleNextAction does not run in a frame (stripe-node 23.1.0: PaymentIntentCreateParams.use_stripe_sdk, "Set to
   * true when confirming server-side and using Stripe.js … to handle the next actions"; PaymentIntent.NextAction).
   */
  function confirm(intent: FakePaymentIntent, method: PaymentMethodState, useStripeSdk: boolean): Answer {
    intent.payment_method = method.id;
    const behaviour = method.card.behaviour;
    if (behaviour.kind === "succeed") {
      succeed(intent, method);
      return ok(intent);
    }
    if (behaviour.kind === "authenticate") {
      intent.status = "requires_action";
      intent.next_action = useStripeSdk
        ? {
            type: "use_stripe_sdk",
            use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: "https://hooks.stripe.com/3d_secure_2/fake" },
          }
        : {
            type: "redirect_to_url",
            redirect_to_url: { url: "https://hooks.stripe.com/3d_secure_2/hosted/fake", return_url: null },
          };
      return ok(intent);
    }
    const error = {
      type: "card_error",
      code: behaviour.code,
      ...(behaviour.declineCode ? { decline_code: behaviour.declineCode } : {}),
      message: behaviour.message,
      charge: stripeId("ch"),
      doc_url: `https://docs.stripe.com/error-codes/${behaviour.code.replaceAll("_", "-")}`,
      payment_method: paymentMethodJson(method),
    };
    intent.status = "requires_payment_method";
    intent.latest_charge = error.charge;
    intent.last_payment_error = error;
    return failure(402, { ...error, payment_intent: intent });
  }

  function paymentMethodFor(form: StripeForm, customer: string | null): PaymentMethodState | Answer | undefined {
    const id = text(form, "payment_method");
    if (id === undefined) return undefined;
    const method = resolvePaymentMethod(id);
    if (!method)
      return invalid(`No such PaymentMethod: '${id}'`, { code: "resource_missing", param: "payment_method" });
    if (method.customer && method.customer !== customer) {
      return invalid(`The provided PaymentMethod is attached to another Customer than '${customer ?? ""}'.`, {
        code: "payment_method_invalid_parameter",
        param: "payment_method",
      });
    }
    return method;
  }

  function createIntent(form: StripeForm): Answer {
    if (form.payment_method_types !== undefined) {
      return invalid("payment_method_types is not supported on this API version; use allowed_payment_method_types.", {
        code: "payment_method_types_no_longer_supported",
        param: "payment_method_types",
      });
    }
    const amountText = text(form, "amount");
    const currency = text(form, "currency");
    if (amountText === undefined) return invalid("Missing required param: amount.", { code: "parameter_missing" });
    if (currency === undefined) return invalid("Missing required param: currency.", { code: "parameter_missing" });
    const amount = Number(amountText);
    if (!Number.isInteger(amount)) return invalid("Invalid integer: amount", { code: "parameter_invalid_integer" });
    if (amount < 50) return invalid("Amount must be at least $0.50 usd", { code: "amount_too_small", param: "amount" });
    const customer = text(form, "customer") ?? null;
    if (customer && !customers.has(customer)) {
      return invalid(`No such customer: '${customer}'`, { code: "resource_missing", param: "customer" });
    }
    const method = paymentMethodFor(form, customer);
    if (method && "status" in method) return method;
    const allowed = Array.isArray(form.allowed_payment_method_types)
      ? (form.allowed_payment_method_types as string[])
      : null;
    const id = stripeId("pi");
    const intent: FakePaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency,
      status: method ? "requires_confirmation" : "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      confirmation_method: "automatic",
      capture_method: "automatic",
      customer,
      payment_method: method?.id ?? null,
      allowed_payment_method_types: allowed,
      payment_method_types: allowed ?? ["card"],
      setup_future_usage: text(form, "setup_future_usage") ?? null,
      description: text(form, "description") ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      last_payment_error: null,
      next_action: null,
      processing: null,
      latest_charge: null,
      created: now(),
      livemode: false,
    };
    intents.set(id, intent);
    if (text(form, "confirm") !== "true") return ok(intent);
    if (!method) {
      return invalid("You must provide a payment_method to confirm this PaymentIntent.", {
        code: "payment_intent_unexpected_state",
      });
    }
    return confirm(intent, method, text(form, "use_stripe_sdk") === "true");
  }

  function confirmIntent(form: StripeForm, id: string): Answer {
    const intent = intents.get(id);
    if (!intent) return missingIntent(id);
    if (intent.status !== "requires_confirmation" && intent.status !== "requires_payment_method") {
      return invalid(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, {
        code: "payment_intent_unexpected_state",
      });
    }
    const given = paymentMethodFor(form, intent.customer);
    if (given && "status" in given) return given;
    const method = given ?? (intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined);
    if (!method) {
      return invalid("You must provide a payment_method to confirm this PaymentIntent.", {
        code: "payment_intent_unexpected_state",
      });
    }
    return confirm(intent, method, text(form, "use_stripe_sdk") === "true");
  }

  function missingIntent(id: string): Answer {
    return invalid(`No such payment_intent: '${id}'`, { code: "resource_missing", param: "intent" }, 404);
  }

  function createCustomer(form: StripeForm): Answer {
    const customer = {
      id: stripeId("cus"),
      email: text(form, "email") ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
    };
    customers.set(customer.id, customer);
    return ok({ ...customer, object: "customer", created: now(), livemode: false });
  }

  function createRefund(form: StripeForm): Answer {
    const intentId = text(form, "payment_intent");
    if (!intentId) return invalid("Missing required param: payment_intent.", { code: "parameter_missing" });
    const intent = intents.get(intentId);
    if (!intent) return invalid(`No such payment_intent: '${intentId}'`, { code: "resource_missing" });
    if (intent.status !== "succeeded") {
      return invalid("This PaymentIntent does not have a successful charge to refund.", {
        code: "charge_not_refundable",
      });
    }
    const refunded = refunds.filter((refund) => refund.payment_intent === intentId).reduce((s, r) => s + r.amount, 0);
    const left = intent.amount_received - refunded;
    if (left === 0) {
      return invalid(`Charge ${intent.latest_charge} has already been refunded.`, { code: "charge_already_refunded" });
    }
    const amount = text(form, "amount") === undefined ? left : Number(text(form, "amount"));
    if (amount > left) {
      return invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        { code: "amount_too_large", param: "amount" },
      );
    }
    const refund: FakeRefund = {
      id: stripeId("re"),
      object: "refund",
      amount,
      charge: intent.latest_charge,
      currency: intent.currency,
      payment_intent: intentId,
      status: "succeeded",
      metadata: {},
      created: now(),
    };
    refunds.push(refund);
    return ok(refund);
  }

  /**
   * Answers one request like Stripe: the secret key checked, a POST with an Idempotency-Key answered once and
   * replayed after (only answers Stripe keeps: successes and card errors, not refused parameters).
   */
  async function serve(request: Request, route: (form: StripeForm) => Answer): Promise<Response> {
    const path = new URL(request.url).pathname;
    const idempotencyKey = request.method === "POST" ? request.headers.get("idempotency-key") : null;
    if (outage) {
      const status = outage === "network" ? 0 : 500;
      requests.push({ method: request.method, path, idempotencyKey, replayed: false, status });
      if (outage === "network") return HttpResponse.error();
      const body = failure(500, { type: "api_error", message: "An unknown error occurred" }).body;
      return HttpResponse.json(body as Record<string, unknown>, { status: 500 });
    }
    let answer: Answer;
    let replayed = false;
    if (request.headers.get("authorization") !== `Bearer ${secretKey}`) {
      answer = invalid("Invalid API Key provided: sk_test_****", {}, 401);
    } else {
      const body = request.method === "POST" ? await request.text() : "";
      const fingerprint = `${request.method} ${path} ${body}`;
      const stored = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (stored && stored.fingerprint !== fingerprint) {
        answer = failure(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      } else if (stored) {
        answer = stored.answer;
        replayed = true;
      } else {
        answer = route(parseStripeForm(body));
        if (idempotencyKey && (answer.status === 200 || answer.status === 402)) {
          idempotent.set(idempotencyKey, { fingerprint, answer });
        }
      }
    }
    requests.push({ method: request.method, path, idempotencyKey, replayed, status: answer.status });
    if (answersToDrop > 0) {
      answersToDrop -= 1;
      return HttpResponse.error();
    }
    const headers: Record<string, string> = { "request-id": stripeId("req") };
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    if (replayed) headers["idempotent-replayed"] = "true";
    return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status, headers });
  }

  const handlers: HttpHandler[] = [
    http.post(`${API}/payment_intents`, ({ request }) => serve(request, createIntent)),
    http.post(`${API}/payment_intents/:id/confirm`, ({ request, params }) =>
      serve(request, (form) => confirmIntent(form, String(params.id))),
    ),
    http.get(`${API}/payment_intents/:id`, ({ request, params }) =>
      serve(request, () => {
        const intent = intents.get(String(params.id));
        return intent ? ok(intent) : missingIntent(String(params.id));
      }),
    ),
    http.post(`${API}/customers`, ({ request }) => serve(request, createCustomer)),
    http.get(`${API}/payment_methods/:id`, ({ request, params }) =>
      serve(request, () => {
        const method = paymentMethods.get(String(params.id));
        return method
          ? ok(paymentMethodJson(method))
          : invalid(
              `No such PaymentMethod: '${params.id}'`,
              { code: "resource_missing", param: "payment_method" },
              404,
            );
      }),
    ),
    http.post(`${API}/refunds`, ({ request }) => serve(request, createRefund)),
  ];

  return {
    handlers,
    /** Payments that took money: each succeeded intent once, however often its request was retried. */
    succeededPayments: () => succeededPayments,
    intent: (id: string): FakePaymentIntent | undefined => intents.get(id),
    customer: (id: string) => customers.get(id),
    refunds: (): readonly FakeRefund[] => refunds,
    requests: (): readonly FakeStripeRequest[] => requests,

    /** What Stripe.js's createPaymentMethod gives the browser for a test card: the token the checkout sends. */
    paymentMethodFromBrowser(card: StripeTestCard): string {
      return newPaymentMethod(TEST_CARDS[card]).id;
    },

    /** The brand's 3-D Secure step in the browser (stripe.handleNextAction): passed or failed. */
    completeAuthentication(intentId: string, outcome: "approve" | "fail"): FakePaymentIntent {
      const intent = intents.get(intentId);
      const method = intent?.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
      if (!intent || !method || intent.status !== "requires_action") {
        throw new Error(`payment intent ${intentId} is not waiting for authentication`);
      }
      if (outcome === "approve") {
        succeed(intent, method);
      } else {
        intent.status = "requires_payment_method";
        intent.next_action = null;
        intent.last_payment_error = {
          type: "invalid_request_error",
          code: "payment_intent_authentication_failure",
          message: AUTHENTICATION_FAILURE_MESSAGE,
          payment_method: paymentMethodJson(method),
        };
      }
      return intent;
    },

    /**
     * From now on a payment that would succeed (at its confirmation or its authentication step) stops at
     * `processing`, as Stripe may leave one (docs.stripe.com/payments/paymentintents/lifecycle; no test card
     * does it, so a test asks for it); settleProcessing ends each.
     */
    holdInProcessing(held = true) {
      processingHeld = held;
    },

    /** Stripe settles a processing intent: succeeded (money taken) or back to requires_payment_method (failed). */
    settleProcessing(intentId: string, outcome: "succeed" | "fail"): FakePaymentIntent {
      const intent = intents.get(intentId);
      const method = intent?.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
      if (!intent || !method || intent.status !== "processing")
        throw new Error(`payment intent ${intentId} is not processing`);
      if (outcome === "succeed") succeed(intent, method, true);
      else {
        intent.status = "requires_payment_method";
        intent.processing = null;
        intent.last_payment_error = {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: DECLINED,
          payment_method: paymentMethodJson(method),
        };
      }
      return intent;
    },

    /** Stripe goes out of reach (every request fails as `kind` says, running nothing) until `outage(null)`. */
    outage(kind: Outage | null) {
      outage = kind;
    },

    /** The next `count` answers are computed (and kept for idempotency) but lost on the way back, like a cut line. */
    dropAnswers(count: number) {
      answersToDrop = count;
    },

    /**
     * A webhook delivery of an event about an intent as it is now: the raw body and its Stripe-Signature header,
     * signed at `at` (default: now) with the fake's webhook secret, or `secret` to forge one.
     */
    webhook(
      type: string,
      intentId: string,
      options: { at?: Date; secret?: string; eventId?: string } = {},
    ): { body: string; signature: string; eventId: string } {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no payment intent ${intentId}`);
      const at = options.at ?? new Date();
      const eventId = options.eventId ?? stripeId("evt");
      const body = stripeEventBody({ id: eventId, type, object: intent, at });
      return { body, signature: signStripeWebhook(body, options.secret ?? webhookSecret, at), eventId };
    },
  };
}

export type FakeStripe = ReturnType<typeof fakeStripe>;

/** An id shaped like Stripe's: the object's prefix and 24 letters and digits. */
function stripeId(prefix: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(24);
  return `${prefix}_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("")}`;
}
