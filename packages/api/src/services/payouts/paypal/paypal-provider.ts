import type { Clock } from "../../../clock";
import { callJson, field, type JsonAnswer, unexpected } from "../http-json";
import { dollars, type Failure, type PayoutOutcome, type PayoutProvider, type SendOutcome } from "../provider";
import { duplicateBatchId, errorName, validationFailure } from "./paypal-errors";

export interface PayPalOptions {
  /** The REST app's client id and secret (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET); they stay on the server. */
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com, or https://api-m.sandbox.paypal.com for PayPal's sandbox (PAYPAL_API_URL). */
  apiUrl: string;
  clock: Clock;
}

const CURRENCY = "USD";
/** Renew the access token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** An item's transaction_status (docs: Payouts, "Payout item status"): only these end the payout. */
const RETURNED = new Set(["RETURNED", "REFUNDED", "REVERSED"]);
const REJECTED = new Set(["FAILED", "BLOCKED", "DENIED"]);
/** Item errors that mean the receiving account cannot take the money. */
const ACCOUNT_ERRORS = new Set(["RECEIVER_UNREGISTERED", "RECEIVER_ACCOUNT_LOCKED", "RECEIVER_UNCONFIRMED"]);

function errorText(answer: JsonAnswer): string | null {
  const message = field(answer.body, "message");
  return typeof message === "string" ? message : errorName(answer);
}

/**
 * The PayPal Payouts adapter: an OAuth 2 client-credentials token (kept until shortly before it expires), one
 * payout batch per payout whose sender_batch_id and PayPal-Request-Id are the payout's reference (PayPal answers a
 * repeated request id with the batch already made, and refuses a repeated sender_batch_id with a link to that
 * batch, which is then this payout's batch), and its one item's status as the outcome. A batch PayPal refuses in
 * validation is the payout's failure, blamed by the field PayPal names (paypal-errors.ts); our own problems
 * (credentials, the platform's PayPal balance, PayPal down) throw, so the worker tries again later.
 */
export function createPayPalPayoutProvider(options: PayPalOptions): PayoutProvider {
  const base = options.apiUrl.replace(/\/$/, "");
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    const now = options.clock.now().getTime();
    if (token && token.expiresAt > now) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64");
    const answer = await callJson(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    const value = field(answer.body, "access_token");
    const expiresIn = field(answer.body, "expires_in");
    if (answer.status !== 200 || typeof value !== "string") unexpected("PayPal", "the token", answer);
    token = { value, expiresAt: now + (typeof expiresIn === "number" ? expiresIn * 1000 : 0) - TOKEN_MARGIN_MS };
    return value;
  }

  async function call(path: string, init: RequestInit): Promise<JsonAnswer> {
    const answer = await callJson(`${base}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${await accessToken()}`, "content-type": "application/json" },
    });
    // A token PayPal no longer takes: forget it; the next attempt gets a new one.
    if (answer.status === 401) token = null;
    return answer;
  }

  return {
    name: "paypal",

    async send(order): Promise<SendOutcome> {
      const answer = await call("/v1/payments/payouts", {
        method: "POST",
        headers: { "PayPal-Request-Id": order.reference },
        body: JSON.stringify({
          sender_batch_header: {
            sender_batch_id: order.reference,
            email_subject: "You have a payout",
            email_message: "Your Influence Market earnings are on their way.",
          },
          items: [
            {
              recipient_type: "EMAIL",
              amount: { value: dollars(order.amountCents), currency: CURRENCY },
              receiver: order.email,
              sender_item_id: order.reference,
            },
          ],
        }),
      });
      const refused = validationFailure(answer);
      if (refused) return refused;
      // Sent before (a retry after PayPal forgot the request id, or after a crash): the batch PayPal links to.
      const original = duplicateBatchId(answer);
      if (original) return { status: "sent", providerReference: original };
      if (answer.status === 422 && errorName(answer) !== "INSUFFICIENT_FUNDS") {
        return { status: "failed", reason: "rejected", message: errorText(answer) };
      }
      const batchId = field(field(answer.body, "batch_header"), "payout_batch_id");
      if ((answer.status !== 201 && answer.status !== 200) || typeof batchId !== "string") {
        unexpected("PayPal", "the payout batch", answer);
      }
      return { status: "sent", providerReference: batchId };
    },

    async status(providerReference): Promise<PayoutOutcome> {
      const answer = await call(`/v1/payments/payouts/${encodeURIComponent(providerReference)}`, { method: "GET" });
      const header = field(answer.body, "batch_header");
      const batchStatus = field(header, "batch_status");
      if (answer.status !== 200 || typeof batchStatus !== "string") unexpected("PayPal", "the batch's status", answer);
      if (batchStatus === "DENIED")
        return { status: "failed", reason: "rejected", message: "PayPal denied the payout." };
      const items = field(answer.body, "items");
      const item = Array.isArray(items) ? items[0] : undefined;
      const itemStatus = field(item, "transaction_status");
      if (typeof itemStatus !== "string") return { status: "pending" };
      if (itemStatus === "SUCCESS") return { status: "paid" };
      const errors = field(item, "errors");
      const name = field(errors, "name");
      const message = field(errors, "message");
      const words = typeof message === "string" ? message : typeof name === "string" ? name : null;
      if (RETURNED.has(itemStatus)) return { status: "failed", reason: "returned", message: words };
      if (REJECTED.has(itemStatus)) {
        const reason: Failure["reason"] =
          typeof name === "string" && ACCOUNT_ERRORS.has(name) ? "invalid_account" : "rejected";
        return { status: "failed", reason, message: words };
      }
      // PENDING, ONHOLD, NEW, UNCLAIMED (PayPal returns unclaimed money after 30 days: RETURNED then).
      return { status: "pending" };
    },
  };
}
