import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { type FakeWise, fakeWise, WISE_TEST_OPTIONS } from "../../../testing/msw/wise-handlers";
import { type PayoutOrder, PayoutProviderError, payoutReference, referenceUuid, transferReference } from "../provider";
import { createWisePayoutProvider, SCA_HOLD_REASON } from "./wise-provider";

/** The Wise adapter against msw handlers shaped like Wise's API (testing/msw/wise-handlers.ts). */

let wise: FakeWise;
let clockMs = Date.parse("2026-03-02T10:00:00Z");
const provider = createWisePayoutProvider({ ...WISE_TEST_OPTIONS, now: () => new Date(clockMs) });

const bankAccount = {
  routingNumber: "111000025",
  accountNumber: "12345678",
  accountType: "CHECKING" as const,
  address: { country: "US", state: "NY", city: "New York", firstLine: "50 Branson Ave", postCode: "10025" },
};

/** An order as the worker makes it, remembering what the adapter saves as the payout's provider_state does. */
function orderOf(
  overrides: Partial<PayoutOrder> = {},
): PayoutOrder & { memory: { saved: Record<string, unknown> | null } } {
  const memory = { saved: null as Record<string, unknown> | null };
  const order = {
    reference: payoutReference(41),
    statementReference: transferReference(41),
    amountCents: 2_550,
    email: "ann@example.com",
    accountOwnerName: "Ann Lee",
    bankAccount,
    get saved() {
      return memory.saved;
    },
    remember: async (state: Record<string, unknown>) => {
      memory.saved = state;
    },
    memory,
    ...overrides,
  };
  return order;
}

const callsTo = (operation: string) => wise.calls.filter((call) => call.operation === operation);

beforeEach(() => {
  clockMs = Date.parse("2026-03-02T10:00:00Z");
  wise = fakeWise();
  wise.state.now = () => clockMs;
  mswServer.use(...wise.handlers);
});

describe("the Wise payout provider", () => {
  it("pays a US bank account: a quote paid in from the balance, an aba recipient added to it, a transfer Wise takes, funded", async () => {
    const outcome = await provider.send(orderOf());
    expect(outcome).toEqual({ status: "sent", providerReference: expect.stringMatching(/^\d+$/) });
    const [quote] = [...wise.quotes.values()];
    // Funded from the balance: payIn BALANCE; payOut is how the recipient is paid, never BALANCE for a bank.
    expect(quote).toMatchObject({ preferredPayIn: "BALANCE", payOut: "BANK_TRANSFER", targetAmount: 25.5 });
    const [recipientId, recipient] = [...wise.accounts.entries()][0] ?? [];
    expect(recipient).toMatchObject({
      type: "aba",
      name: "Ann Lee",
      details: { legalType: "PRIVATE", abartn: "111000025", accountNumber: "12345678", accountType: "CHECKING" },
    });
    expect(quote?.targetAccount).toBe(recipientId);
    const [transfer] = [...wise.transfers.values()];
    expect(transfer).toMatchObject({
      customerTransactionId: referenceUuid(payoutReference(41)),
      reference: "PAY41",
      funded: 1,
      status: "processing",
    });
    expect(outcome.status === "sent" && outcome.providerReference).toBe(String(transfer?.id));
  });

  it("keeps the statement reference within ACH's 10 characters, which Wise enforces with a 422", async () => {
    for (const id of [1, 9_999_999, 10_000_000, 2_147_483_647])
      expect(transferReference(id).length).toBeLessThanOrEqual(10);
    expect(transferReference(9_999_999)).toBe("PAY9999999");
    expect(transferReference(2_147_483_647)).toBe("2147483647");
    // The idempotency key is longer than ACH takes: as a statement reference Wise refuses it.
    expect(await provider.send(orderOf({ statementReference: payoutReference(41) }))).toEqual({
      status: "failed",
      reason: "rejected",
      message: "The reference can be at most 10 characters: letters, digits, spaces and dashes.",
    });
  });

  it("pays an email recipient only where Wise's account requirements offer the email type", async () => {
    const byEmail = { bankAccount: null };
    expect(await provider.send(orderOf(byEmail))).toEqual({
      status: "failed",
      reason: "invalid_account",
      message: expect.stringContaining("Retry it with the details of your US bank account"),
    });
    expect(callsTo("/v1/accounts")).toHaveLength(0);
    expect(wise.transfers.size).toBe(0);

    wise.state.emailRecipients = true;
    expect(await provider.send(orderOf(byEmail))).toMatchObject({ status: "sent" });
    expect([...wise.accounts.values()]).toEqual([
      expect.objectContaining({ type: "email", name: "Ann Lee", email: "ann@example.com" }),
    ]);
  });

  it("reuses the payout's quote and recipient when a send is tried again, and makes a new quote once it expired", async () => {
    wise.state.balanceShort = true;
    const order = orderOf();
    await expect(provider.send(order)).rejects.toBeInstanceOf(PayoutProviderError);
    expect(order.memory.saved).toMatchObject({ quoteId: expect.any(String), recipientId: expect.any(Number) });
    // Tried again while the balance is short, then once topped up: the same quote, recipient and transfer.
    await expect(provider.send(order)).rejects.toBeInstanceOf(PayoutProviderError);
    wise.state.balanceShort = false;
    expect(await provider.send(order)).toMatchObject({ status: "sent" });
    expect([wise.quotes.size, wise.accounts.size, wise.transfers.size]).toEqual([1, 1, 1]);
    expect([...wise.transfers.values()][0]?.funded).toBe(1);

    // A send stopped before its transfer, tried again after the quote's 30 minutes: a new quote, the same recipient.
    wise.state.down = true;
    const late = orderOf({ reference: payoutReference(42), statementReference: transferReference(42) });
    await expect(provider.send(late)).rejects.toBeInstanceOf(PayoutProviderError);
    wise.state.down = false;
    late.memory.saved = {
      quoteId: [...wise.quotes.keys()][0],
      quoteExpiresAt: "2026-03-02T10:30:00.000Z",
      recipientId: [...wise.accounts.keys()][0],
    };
    clockMs += 31 * 60_000;
    expect(await provider.send(late)).toMatchObject({ status: "sent" });
    expect(wise.accounts.size).toBe(1);
    const newest = [...wise.quotes.values()].at(-1);
    expect(newest?.targetAccount).toBe([...wise.accounts.keys()][0]);
  });

  it("holds a payout whose funding Wise protects with strong customer authentication (403), for the operator", async () => {
    wise.state.scaRequired = true;
    const outcome = await provider.send(orderOf());
    const [transfer] = [...wise.transfers.values()];
    expect(outcome).toEqual({
      status: "held",
      providerReference: String(transfer?.id),
      reason: SCA_HOLD_REASON,
      detail: expect.stringContaining("strong customer authentication"),
    });
    expect(transfer).toMatchObject({ status: "incoming_payment_waiting", funded: 0 });
    expect(await provider.status(String(transfer?.id))).toEqual({ status: "pending", awaitingFunding: true });
  });

  it("follows the transfer: sent is paid, a bounce is not final, the money refunded is the payout's failure", async () => {
    const sent = await provider.send(orderOf());
    if (sent.status !== "sent") throw new Error("not sent");
    const id = Number(sent.providerReference);
    expect(await provider.status(sent.providerReference)).toEqual({ status: "pending" });
    wise.setStatus(id, "outgoing_payment_sent");
    expect(await provider.status(sent.providerReference)).toEqual({ status: "paid" });
    expect(provider.watchAfterPaidMs).toBe(30 * 86_400_000);
    // "Bounced back ... will either be delivered with delay or it will turn to funds_refunded" (tracking-transfers).
    wise.setStatus(id, "bounced_back");
    expect(await provider.status(sent.providerReference)).toEqual({ status: "pending" });
    wise.setStatus(id, "funds_refunded");
    expect(await provider.status(sent.providerReference)).toEqual({
      status: "failed",
      reason: "returned",
      message: "Wise: funds refunded",
    });
    wise.setStatus(id, "cancelled");
    expect(await provider.status(sent.providerReference)).toMatchObject({ status: "failed", reason: "cancelled" });
  });

  it("fails a payout whose recipient Wise refuses, with Wise's words, and makes no transfer", async () => {
    expect(await provider.send(orderOf({ accountOwnerName: "Ann" }))).toEqual({
      status: "failed",
      reason: "invalid_account",
      message: "Please enter the recipients first and last name.",
    });
    expect(wise.transfers.size).toBe(0);
  });

  it("throws (to try again later) for a refused token or Wise down", async () => {
    const wrong = createWisePayoutProvider({ ...WISE_TEST_OPTIONS, apiToken: "nope" });
    await expect(wrong.send(orderOf())).rejects.toBeInstanceOf(PayoutProviderError);
    wise.state.down = true;
    await expect(provider.send(orderOf())).rejects.toBeInstanceOf(PayoutProviderError);
    await expect(provider.status("50000001")).rejects.toBeInstanceOf(PayoutProviderError);
  });
});
