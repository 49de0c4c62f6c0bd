import { DAY_MS, MINUTE_MS } from "@market/contracts";
import { field, type JsonAnswer, unexpected } from "../http-json";
import {
  dollars,
  type Failure,
  type Held,
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutProvider,
  referenceUuid,
  type SendOutcome,
} from "../provider";
import { type WiseApi, type WiseOptions, wiseApi, wiseErrorMessage } from "./wise-api";
import { CURRENCY, createRecipient, refusedType } from "./wise-recipient";
import { readSaved, type WiseSaved } from "./wise-saved";

export type { WiseOptions } from "./wise-api";

/**
 * How long a paid Wise payout is still followed: outgoing_payment_sent is "the final state of the transfer,
 * assuming funds will not be returned"; "most bounce backs occur within 2-3 business days, however this could
 * happen up to several weeks after a transfer is sent" (docs.wise.com/guides/product/send-money/tracking-transfers).
 */
export const WISE_BOUNCE_WATCH_MS = 30 * DAY_MS;

/** A remembered quote this close to its expiry is not used any more: a new one is made. */
const QUOTE_MARGIN_MS = 5 * MINUTE_MS;
/** Wise keeps a quote 30 minutes (docs.wise.com/api-reference/quote), when its answer does not say. */
const QUOTE_LIFETIME_MS = 30 * MINUTE_MS;

/**
 * Final failures of a transfer (tracking-transfers): cancelled (never funded; Wise cancels a transfer left
 * unfunded 14 days), funds_refunded (the money came back, after a bounce among others), charged_back.
 * bounced_back is not final: "the transfer will either be delivered with delay or it will turn to funds_refunded".
 */
const FAILED_STATES: Record<string, Failure["reason"]> = {
  cancelled: "cancelled",
  funds_refunded: "returned",
  charged_back: "returned",
};

/** What the influencer reads while Wise waits for the platform's approval to fund their payout. */
export const SCA_HOLD_REASON =
  "Wise waits for our team to approve this payout (strong customer authentication) before sending it. Nothing to do on your side: if it is not approved within 14 days, Wise cancels it and the money comes back to your balance.";

/**
 * The Wise (transferwise) adapter, on Wise's v1/v3 REST API (docs.wise.com, "Send Money" and the API reference):
 *
 * 1. a quote for the amount, funded from the balance (`preferredPayIn: "BALANCE"`: "If you are funding the
 *    transfer from a Multi Currency Balance, you must set the payIn as BALANCE", api-reference/quote);
 * 2. the recipient: a US bank account (`aba`) or an email recipient, after checking that Wise offers that type for
 *    the quote (account-requirements), added to the quote (PATCH, or `targetAccount` on a new quote);
 * 3. the transfer, carrying the payout's reference as customerTransactionId (Wise's idempotency: the same id
 *    answers the transfer already made) and a statement reference within every rail's length (ACH: 10);
 * 4. the transfer funded from the balance. Funding is SCA-protected for UK/EEA profiles: Wise's 403 holds the payout
 *    for the operator instead of trying again.
 *
 * Each thing made is remembered on the payout (PayoutOrder.remember), so a send tried again reuses the quote (while
 * good), the recipient and the transfer. The outcome is the transfer's status; a paid payout is watched for a bounce
 * WISE_BOUNCE_WATCH_MS. A refusal of this payout is its failure; other errors throw, to try again later.
 */
export function createWisePayoutProvider(options: WiseOptions): PayoutProvider {
  const api = wiseApi(options);
  const now = options.now ?? (() => new Date());

  return {
    name: "wise",
    watchAfterPaidMs: WISE_BOUNCE_WATCH_MS,

    async send(order): Promise<SendOutcome> {
      let saved = readSaved(order.saved);
      const remember = async (made: Partial<WiseSaved>) => {
        saved = { ...saved, ...made };
        await order.remember?.(saved);
      };
      if (saved.transferId) return fundIfWaiting(api, await readTransfer(api, String(saved.transferId)));

      let quoteId = quoteStillGood(saved, now()) ? saved.quoteId : undefined;
      if (!quoteId) {
        const quote = await createQuote(api, order, saved.recipientId);
        await remember({ ...quote, quoteRecipientId: saved.recipientId });
        quoteId = quote.quoteId;
      }
      let recipientId = saved.recipientId;
      if (!recipientId) {
        const refused = await refusedType(api, quoteId, order);
        if (refused) return refused;
        const made = await createRecipient(api, order);
        if (typeof made !== "number") return made;
        await remember({ recipientId: made });
        recipientId = made;
      }
      if (saved.quoteRecipientId !== recipientId) {
        const updated = await api.patch(`/v3/profiles/${api.profile}/quotes/${encodeURIComponent(quoteId)}`, {
          targetAccount: recipientId,
        });
        if (updated.status !== 200) unexpected("Wise", "the quote's update with the recipient", updated);
        await remember({ quoteRecipientId: recipientId });
      }
      const transfer = await api.post("/v1/transfers", {
        targetAccount: recipientId,
        quoteUuid: quoteId,
        customerTransactionId: referenceUuid(order.reference),
        details: { reference: order.statementReference ?? order.reference },
      });
      if (transfer.status === 422) return { status: "failed", reason: "rejected", message: wiseErrorMessage(transfer) };
      const transferId = field(transfer.body, "id");
      if (transfer.status !== 200 || typeof transferId !== "number") unexpected("Wise", "the transfer", transfer);
      await remember({ transferId });
      return fundIfWaiting(api, transfer);
    },

    async status(providerReference): Promise<PayoutOutcome> {
      const state = field((await readTransfer(api, providerReference)).body, "status") as string;
      if (state === "outgoing_payment_sent") return { status: "paid" };
      const reason = FAILED_STATES[state];
      if (reason) return { status: "failed", reason, message: `Wise: ${state.replaceAll("_", " ")}` };
      return state === "incoming_payment_waiting"
        ? { status: "pending", awaitingFunding: true }
        : { status: "pending" };
    },
  };
}

function quoteStillGood(saved: WiseSaved, now: Date): boolean {
  if (!saved.quoteId || !saved.quoteExpiresAt) return false;
  return Date.parse(saved.quoteExpiresAt) - QUOTE_MARGIN_MS > now.getTime();
}

/** POST /v3/profiles/{profileId}/quotes: USD to USD for the payout's amount, paid in from the balance. */
async function createQuote(
  api: WiseApi,
  order: PayoutOrder,
  recipientId: number | undefined,
): Promise<{ quoteId: string; quoteExpiresAt: string }> {
  const answer = await api.post(`/v3/profiles/${api.profile}/quotes`, {
    sourceCurrency: CURRENCY,
    targetCurrency: CURRENCY,
    targetAmount: Number(dollars(order.amountCents)),
    preferredPayIn: "BALANCE",
    // A recipient made on an earlier try goes on the new quote at once ("an alternative to updating the quote").
    ...(recipientId ? { targetAccount: recipientId } : {}),
  });
  const id = field(answer.body, "id");
  if (answer.status !== 200 || typeof id !== "string") unexpected("Wise", "the quote", answer);
  const expiration = field(answer.body, "expirationTime");
  const expires =
    typeof expiration === "string" && !Number.isNaN(Date.parse(expiration))
      ? new Date(expiration)
      : new Date(Date.now() + QUOTE_LIFETIME_MS);
  return { quoteId: id, quoteExpiresAt: expires.toISOString() };
}

async function readTransfer(api: WiseApi, transferId: string): Promise<JsonAnswer> {
  const answer = await api.get(`/v1/transfers/${encodeURIComponent(transferId)}`);
  if (answer.status !== 200 || typeof field(answer.body, "status") !== "string")
    unexpected("Wise", "the transfer's status", answer);
  return answer;
}

/**
 * Funds a transfer still waiting for its money from the balance: POST /v3/profiles/{profileId}/transfers/{id}/
 * payments `{type: "BALANCE"}` (docs.wise.com/guides/product/accounts/transfer-from-balance-account). A transfer
 * already funded (a repeated customerTransactionId) is only reported. Wise's answers (guides/developer/errors,
 * "Fund Transfer"): 403 when strong customer authentication is required (x-2fa-approval-result: REJECTED), which
 * a server cannot give: the payout is held for the operator; 422 REJECTED when the balance is short, which is ours
 * to fix: thrown, to try again later.
 */
async function fundIfWaiting(api: WiseApi, transfer: JsonAnswer): Promise<SendOutcome> {
  const providerReference = String(field(transfer.body, "id"));
  if (field(transfer.body, "status") !== "incoming_payment_waiting") return { status: "sent", providerReference };
  const payment = await api.post(`/v3/profiles/${api.profile}/transfers/${providerReference}/payments`, {
    type: "BALANCE",
  });
  if (payment.status === 403) return held(providerReference, payment);
  const paymentStatus = field(payment.body, "status");
  if ((payment.status !== 201 && payment.status !== 200) || paymentStatus !== "COMPLETED")
    unexpected("Wise", `the funding (${String(field(payment.body, "errorCode") ?? paymentStatus)})`, payment);
  return { status: "sent", providerReference };
}

function held(providerReference: string, answer: JsonAnswer): Held {
  const sca = answer.headers?.get("x-2fa-approval-result") === "REJECTED";
  return {
    status: "held",
    providerReference,
    reason: SCA_HOLD_REASON,
    detail: sca
      ? `Wise asks for strong customer authentication (x-2fa-approval ${answer.headers?.get("x-2fa-approval") ?? "?"}) to fund transfer ${providerReference}: approve it in Wise (or use mTLS with client credentials, to which SCA does not apply)`
      : `Wise refused to fund transfer ${providerReference} (403 ${wiseErrorMessage(answer) ?? ""}): fund it in Wise`,
  };
}
