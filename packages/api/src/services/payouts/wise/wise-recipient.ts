import { field, unexpected } from "../http-json";
import type { Failure, PayoutOrder } from "../provider";
import { type WiseApi, wiseErrorMessage } from "./wise-api";

/** Payouts are in US dollars both ways: the platform's balance and the influencer's (money.md). */
export const CURRENCY = "USD";

/** Wise's recipient type for the order: `aba` (a US bank account, ACH) or `email`. */
export const recipientType = (order: PayoutOrder): "aba" | "email" => (order.bankAccount ? "aba" : "email");

const REFUSED_TYPE: Record<"aba" | "email", string> = {
  email:
    "Wise cannot pay this payout to an email address. Retry it with the details of your US bank account (routing and account number).",
  aba: "Wise cannot pay this payout to a US bank account. Retry it with another method.",
};

/**
 * Whether Wise offers the recipient type for this quote: GET /v1/quotes/{quoteId}/account-requirements (v1.1,
 * Accept-Minor-Version: 1) lists the types it takes for the route and profile. Email recipients are a feature Wise
 * turns on per account ("Please contact us before attempting to use email recipients... confirm that this recipient
 * type is available to your transaction by checking if the "type": "email" class is present in the response",
 * docs.wise.com/api-reference/recipient): absent, the payout fails with a message telling the influencer what to do.
 */
export async function refusedType(api: WiseApi, quoteId: string, order: PayoutOrder): Promise<Failure | null> {
  const answer = await api.get(`/v1/quotes/${encodeURIComponent(quoteId)}/account-requirements`, {
    "accept-minor-version": "1",
  });
  if (answer.status !== 200 || !Array.isArray(answer.body)) return null; // Wise decides when the recipient is made.
  const type = recipientType(order);
  const offered = answer.body.some((requirement) => field(requirement, "type") === type);
  return offered ? null : { status: "failed", reason: "invalid_account", message: REFUSED_TYPE[type] };
}

/**
 * Makes the recipient (POST /v1/accounts) in the owner's name: an `aba` recipient with the bank account's details
 * (the USD example of docs.wise.com/api-reference/recipient: legalType, abartn, accountNumber, accountType and the
 * address), or an `email` recipient. A recipient Wise refuses (400/422, with its words) is the payout's failure.
 */
export async function createRecipient(api: WiseApi, order: PayoutOrder): Promise<number | Failure> {
  const account = order.bankAccount;
  const answer = await api.post("/v1/accounts", {
    profile: Number(api.profile),
    accountHolderName: order.accountOwnerName,
    currency: CURRENCY,
    type: recipientType(order),
    details: account
      ? {
          legalType: "PRIVATE",
          abartn: account.routingNumber,
          accountNumber: account.accountNumber,
          accountType: account.accountType,
          address: {
            country: account.address.country,
            ...(account.address.state ? { state: account.address.state } : {}),
            city: account.address.city,
            postCode: account.address.postCode,
            firstLine: account.address.firstLine,
          },
        }
      : { email: order.email },
  });
  if (answer.status === 400 || answer.status === 422) {
    return { status: "failed", reason: "invalid_account", message: wiseErrorMessage(answer) };
  }
  const id = field(answer.body, "id");
  if (answer.status !== 200 || typeof id !== "number") unexpected("Wise", "the recipient account", answer);
  return id;
}
