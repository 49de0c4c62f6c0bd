import { createHmac } from "node:crypto";
import { createSession, fixedClock, memoryFileStore, SANDBOX_WEBHOOK_SECRET } from "@market/api";
import { waitingApplication } from "@market/api/testing";
import { SANDBOX_TEST_CARDS } from "@market/contracts";
import { eq, ledgerTransactions, paymentAttempts, sandboxPaymentIntents } from "@market/db";
import { describe, expect, it } from "vitest";
import { cookieFor, post } from "../testing/auth-helpers";
import { useTestApp } from "../testing/test-app";

const clock = fixedClock(new Date("2026-06-01T12:00:00Z"));
const server = useTestApp({ clock, files: memoryFileStore() });
const B = 137_500;

async function setup() {
  const app = await waitingApplication(server.db, clock);
  const brand = (await createSession(server.db, clock, app.brand.id)).token;
  const influencer = (await createSession(server.db, clock, app.influencer.id)).token;
  const token = async (number: string = SANDBOX_TEST_CARDS.succeeds) => {
    const answer = await post(
      server.app,
      "/api/payments/sandbox/tokens",
      { number, expMonth: 4, expYear: 2030, cvc: "123" },
      { token: brand },
    );
    expect(answer.statusCode).toBe(200);
    return answer.json().data.token as string;
  };
  const accept = (cardOptions: Record<string, unknown>, as = brand, price = B) =>
    post(
      server.app,
      `/api/applications/${app.id}/accept`,
      { frontendPriceInCents: price, networks: ["instagram"], cardOptions },
      { token: as },
    );
  return { app, brand, influencer, token, accept };
}

const get = (url: string, token?: string) =>
  server.app.inject({ method: "GET", url, headers: token ? { cookie: cookieFor(token) } : {} });

/** A webhook as the provider POSTs it: no session, no CSRF headers, the signature over the exact bytes. */
function webhook(rawBody: string, signature?: string) {
  return server.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(signature === undefined ? {} : { "stripe-signature": signature }),
    },
    payload: rawBody,
  });
}
const sign = (rawBody: string, at = clock.now()) => {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac("sha256", SANDBOX_WEBHOOK_SECRET).update(`${t}.${rawBody}`).digest("hex")}`;
};

describe("POST /api/applications/{id}/accept", () => {
  it("pays with a sandbox card and answers requiresAction false; a second accept is closed", async () => {
    const { app, token, accept } = await setup();
    const paid = await accept({ token: await token(), saveCard: true });
    expect([paid.statusCode, paid.json()]).toEqual([200, { status: "success", data: { requiresAction: false } }]);
    const again = await accept({ token: await token() });
    expect([again.statusCode, again.json()]).toEqual([409, { status: "error", reason: "closed" }]);
    const payments = await server.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.applicationId, app.id));
    expect(payments.map((transaction) => transaction.kind)).toEqual(["payment"]);
  });

  it("answers price_changed, payment_failed with the provider's message, and the authentication step", async () => {
    const { token, accept } = await setup();
    const changed = await accept({ token: await token() }, undefined, B + 100);
    expect([changed.statusCode, changed.json()]).toEqual([409, { status: "error", reason: "price_changed" }]);
    const declined = await accept({ token: await token(SANDBOX_TEST_CARDS.declined) });
    expect([declined.statusCode, declined.json()]).toEqual([
      402,
      {
        status: "error",
        reason: "payment_failed",
        issues: [{ path: ["cardOptions"], message: "Your card was declined." }],
      },
    ]);
    const step = await accept({ token: await token(SANDBOX_TEST_CARDS.requiresAuthentication) });
    expect(step.json().data).toEqual({ requiresAction: true, intentSecret: expect.any(String) });
  });

  it("completes after the sandbox's authentication step with confirmToken", async () => {
    const { brand, token, accept } = await setup();
    const step = await accept({ token: await token(SANDBOX_TEST_CARDS.requiresAuthentication) });
    const { intentSecret } = step.json().data;
    const approved = await post(
      server.app,
      "/api/payments/sandbox/authenticate",
      { intentSecret, approve: true },
      { token: brand },
    );
    expect(approved.json()).toEqual({ status: "success", data: { intentId: expect.stringMatching(/^pi_sandbox_/) } });
    const confirmed = await accept({ confirmToken: approved.json().data.intentId });
    expect(confirmed.json()).toEqual({ status: "success", data: { requiresAction: false } });
  });

  it("answers 403 to the influencer, 401 to a visitor, and 400 invalid to a body without a card", async () => {
    const { app, influencer, accept } = await setup();
    expect((await accept({ token: "pm_x" }, influencer)).statusCode).toBe(403);
    const visitor = await post(server.app, `/api/applications/${app.id}/accept`, {});
    expect([visitor.statusCode, visitor.json().reason]).toEqual([401, "unauthorized"]);
    const noCard = await accept({});
    expect([noCard.statusCode, noCard.json().reason]).toEqual([400, "invalid"]);
  });
});

describe("GET /api/payments/config and the sandbox card form", () => {
  it("tells anyone the sandbox is the gateway, and refuses a wrong card with the field", async () => {
    expect((await get("/api/payments/config")).json()).toEqual({ status: "success", data: { provider: "sandbox" } });
    const { brand } = await setup();
    const wrong = await post(
      server.app,
      "/api/payments/sandbox/tokens",
      { number: "4242 4242 4242 4242", expMonth: 1, expYear: 2026, cvc: "123" },
      { token: brand },
    );
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      {
        status: "error",
        reason: "invalid",
        issues: [{ path: ["expMonth"], message: "Your card's expiration date is in the past." }],
      },
    ]);
  });
});

describe("POST /api/payments/stripe/webhook", () => {
  it("takes a signed event on its raw body, once, and refuses a bad or missing signature with a reason", async () => {
    const { app, token, accept } = await setup();
    const step = await accept({ token: await token(SANDBOX_TEST_CARDS.requiresAuthentication) });
    const [attempt] = await server.db.select().from(paymentAttempts).where(eq(paymentAttempts.applicationId, app.id));
    const intentId = attempt?.providerIntentId ?? "";
    // The brand passes the step but the browser goes away; Stripe's event arrives by itself (here, twice).
    const body = `{"id":"evt_http_${intentId}","type":"payment_intent.succeeded","data":{"object":{"id":"${intentId}","object":"payment_intent","amount":${B}}}}`;
    const unsigned = await webhook(body);
    expect([unsigned.statusCode, unsigned.json().reason]).toEqual([400, "invalid"]);
    const tampered = await webhook(body.replace(`${B}`, "1"), sign(body));
    expect([tampered.statusCode, tampered.json().reason]).toEqual([400, "invalid"]);
    const stale = await webhook(body, sign(body, new Date(clock.now().getTime() - 301_000)));
    expect([stale.statusCode, stale.json().reason]).toEqual([400, "invalid"]);

    // The step passed at the sandbox without its event being delivered in-process: the HTTP delivery completes it.
    await server.db
      .update(sandboxPaymentIntents)
      .set({ status: "succeeded" })
      .where(eq(sandboxPaymentIntents.clientSecret, step.json().data.intentSecret));
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await webhook(body, sign(body));
      expect([answer.statusCode, answer.json()]).toEqual([200, { status: "success", data: { received: true } }]);
    }
    const confirmed = await accept({ confirmToken: intentId });
    expect(confirmed.json()).toEqual({ status: "success", data: { requiresAction: false } });
    const unknown = `{"id":"evt_unknown","type":"payment_intent.succeeded","data":{"object":{"id":"pi_nobody","object":"payment_intent","amount":1,"metadata":{"applicationId":"999999","attempt":"1"}}}}`;
    const notYet = await webhook(unknown, sign(unknown));
    expect([notYet.statusCode, notYet.json().reason]).toEqual([404, "not_found"]);
  });
});

describe("GET /api/account/card after a payment that saved the card", () => {
  it("answers the card masked with the month on 2 digits, then null once forgotten", async () => {
    const { brand, token, accept } = await setup();
    await accept({ token: await token(), saveCard: true });
    expect((await get("/api/account/card", brand)).json()).toEqual({
      status: "success",
      data: { type: "visa", last4: "4242", expMonth: "04", expYear: 2030 },
    });
    expect((await post(server.app, "/api/account/card/forget", {}, { token: brand })).json()).toEqual({
      status: "success",
      data: null,
    });
    expect((await get("/api/account/card", brand)).json()).toEqual({ status: "success", data: null });
  });
});
