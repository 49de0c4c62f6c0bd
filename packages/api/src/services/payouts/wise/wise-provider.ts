import { callJson, field, type JsonAnswer, unexpected } from "../http-json";
import {
  dollars,
  type Failure,
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutProvider,
  referenceUuid,
  type SendOutcome,
} from "../provider";

export interface WiseOptions {
  /** A personal or business API token of the paying Wise account (WISE_API_TOKEN). */
  apiToken: string;
  /** The business profile that pays (WISE_PROFILE_ID). */
  profileId: string;
  /** https://api.transferwise.com, or https://api.sandbox.transferwise.tech for Wise's sandbox (WISE_API_URL). */
  apiUrl: string;
}

/** Payouts are in US dollars both ways: the platform's balance and the influencer's (money.md). */
const CURRENCY = "USD";

/** Transfer states that end a payout (docs: "Tracking transfers"); all others are still under way. */
const PAID_STATES = new Set(["outgoing_payment_sent"]);
const FAILED_STATES: Record<string, Failure["reason"]> = {
  cancelled: "cancelled",
  funds_refunded: "returned",
  bounced_back: "returned",
  charged_back: "returned",
};

/** Wise's validation errors: `{errors: [{code, message, path}]}`. */
function errorMessage(answer: JsonAnswer): string | null {
  const errors = field(answer.body, "errors");
  if (Array.isArray(errors)) {
    const messages = errors.map((error) => field(error, "message")).filter((m): m is string => typeof m === "string");
    if (messages.length > 0) return messages.join(" ");
  }
  const message = field(answer.body, "message");
  return typeof message === "string" ? message : null;
}

/**
 * The Wise (transferwise) adapter, on Wise's v1/v3 REST API: a quote for the amount, an email recipient account
 * in the owner's name, a transfer carrying the payout's reference as customerTransactionId (Wise's idempotency:
 * the same id answers the transfer already made), then the transfer funded from the Wise balance. The outcome is
 * the transfer's status. A recipient Wise refuses (422 on the account) is the payout's failure; other errors throw.
 */
export function createWisePayoutProvider(options: WiseOptions): PayoutProvider {
  const base = options.apiUrl.replace(/\/$/, "");
  const headers = { authorization: `Bearer ${options.apiToken}`, "content-type": "application/json" };
  const post = (path: string, body: unknown) =>
    callJson(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) });

  async function quote(order: PayoutOrder): Promise<string> {
    const answer = await post(`/v3/profiles/${options.profileId}/quotes`, {
      sourceCurrency: CURRENCY,
      targetCurrency: CURRENCY,
      sourceAmount: null,
      targetAmount: Number(dollars(order.amountCents)),
      payOut: "BALANCE",
    });
    const id = field(answer.body, "id");
    if (answer.status !== 200 || typeof id !== "string") unexpected("Wise", "the quote", answer);
    return id;
  }

  async function recipient(order: PayoutOrder): Promise<number | Failure> {
    const answer = await post("/v1/accounts", {
      profile: Number(options.profileId),
      accountHolderName: order.accountOwnerName,
      currency: CURRENCY,
      type: "email",
      details: { email: order.email },
    });
    if (answer.status === 400 || answer.status === 422) {
      return { status: "failed", reason: "invalid_account", message: errorMessage(answer) };
    }
    const id = field(answer.body, "id");
    if (answer.status !== 200 || typeof id !== "number") unexpected("Wise", "the recipient account", answer);
    return id;
  }

  return {
    name: "wise",

    async send(order): Promise<SendOutcome> {
      const quoteId = await quote(order);
      const account = await recipient(order);
      if (typeof account !== "number") return account;
      const transfer = await post("/v1/transfers", {
        targetAccount: account,
        quoteUuid: quoteId,
        customerTransactionId: referenceUuid(order.reference),
        details: { reference: order.reference.slice(0, 35) },
      });
      if (transfer.status === 422) return { status: "failed", reason: "rejected", message: errorMessage(transfer) };
      const transferId = field(transfer.body, "id");
      if (transfer.status !== 200 || typeof transferId !== "number") unexpected("Wise", "the transfer", transfer);
      // A repeated customerTransactionId answers the transfer already made: fund it only if it still waits.
      if (field(transfer.body, "status") === "incoming_payment_waiting") {
        const payment = await post(`/v3/profiles/${options.profileId}/transfers/${transferId}/payments`, {
          type: "BALANCE",
        });
        const paymentStatus = field(payment.body, "status");
        if (payment.status !== 201 && payment.status !== 200) unexpected("Wise", "the funding", payment);
        // Not enough money on the platform's Wise balance is ours to fix, not the influencer's: try again later.
        if (paymentStatus !== "COMPLETED")
          unexpected("Wise", `the funding (${String(field(payment.body, "errorCode"))})`, payment);
      }
      return { status: "sent", providerReference: String(transferId) };
    },

    async status(providerReference): Promise<PayoutOutcome> {
      const answer = await callJson(`${base}/v1/transfers/${encodeURIComponent(providerReference)}`, { headers });
      const state = field(answer.body, "status");
      if (answer.status !== 200 || typeof state !== "string") unexpected("Wise", "the transfer's status", answer);
      if (PAID_STATES.has(state)) return { status: "paid" };
      const reason = FAILED_STATES[state];
      return reason
        ? { status: "failed", reason, message: `Wise: ${state.replaceAll("_", " ")}` }
        : { status: "pending" };
    },
  };
}
