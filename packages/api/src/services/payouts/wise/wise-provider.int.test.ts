import { beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "../../../../../../scripts/test-setup/msw";
import { type FakeWise, fakeWise, WISE_TEST_OPTIONS } from "../../../testing/msw/wise-handlers";
import { type PayoutOrder, PayoutProviderError, referenceUuid } from "../provider";
import { createWisePayoutProvider } from "./wise-provider";

/** The Wise adapter against msw handlers shaped like Wise's API (testing/msw/wise-handlers.ts). */

let wise: FakeWise;
const provider = createWisePayoutProvider(WISE_TEST_OPTIONS);
const order: PayoutOrder = {
  reference: "market-payout-41",
  amountCents: 2_550,
  email: "ann@example.com",
  accountOwnerName: "Ann Lee",
};

beforeEach(() => {
  wise = fakeWise();
  mswServer.use(...wise.handlers);
});

describe("the Wise payout provider", () => {
  it("quotes, makes an email recipient in the owner's name, a transfer under the reference's UUID, and funds it", async () => {
    const outcome = await provider.send(order);
    expect(outcome).toEqual({ status: "sent", providerReference: expect.stringMatching(/^\d+$/) });
    const [transfer] = [...wise.transfers.values()];
    expect(transfer).toMatchObject({
      customerTransactionId: referenceUuid(order.reference),
      funded: 1,
      status: "processing",
    });
    expect([...wise.accounts.values()]).toEqual([{ name: "Ann Lee", email: "ann@example.com" }]);
    expect(outcome.status === "sent" && outcome.providerReference).toBe(String(transfer?.id));
  });

  it("answers the same transfer, funded once, when the payout is sent again (a crash after the first send)", async () => {
    const first = await provider.send(order);
    const second = await provider.send(order);
    expect(second).toEqual(first);
    expect(wise.transfers.size).toBe(1);
    expect([...wise.transfers.values()][0]?.funded).toBe(1);
  });

  it("follows the transfer: pending while processing, paid once sent out, failed when it bounces or is cancelled", async () => {
    const sent = await provider.send(order);
    if (sent.status !== "sent") throw new Error("not sent");
    const id = Number(sent.providerReference);
    expect(await provider.status(sent.providerReference)).toEqual({ status: "pending" });
    wise.setStatus(id, "outgoing_payment_sent");
    expect(await provider.status(sent.providerReference)).toEqual({ status: "paid" });
    wise.setStatus(id, "bounced_back");
    expect(await provider.status(sent.providerReference)).toEqual({
      status: "failed",
      reason: "returned",
      message: "Wise: bounced back",
    });
    wise.setStatus(id, "cancelled");
    expect(await provider.status(sent.providerReference)).toMatchObject({ status: "failed", reason: "cancelled" });
  });

  it("fails a payout whose recipient Wise refuses, with Wise's words, and makes no transfer", async () => {
    expect(await provider.send({ ...order, email: "ann@invalid.example" })).toEqual({
      status: "failed",
      reason: "invalid_account",
      message: "Please specify a valid email address.",
    });
    expect(wise.transfers.size).toBe(0);
  });

  it("throws (to try again later) for a refused token, Wise down, or a funding the platform's balance cannot cover", async () => {
    const wrong = createWisePayoutProvider({ ...WISE_TEST_OPTIONS, apiToken: "nope" });
    await expect(wrong.send(order)).rejects.toBeInstanceOf(PayoutProviderError);
    wise.state.down = true;
    await expect(provider.send(order)).rejects.toBeInstanceOf(PayoutProviderError);
    wise.state.down = false;
    wise.state.fundingFails = true;
    await expect(provider.send(order)).rejects.toBeInstanceOf(PayoutProviderError);
    // Once the balance is topped up, sending again funds the same transfer, once.
    wise.state.fundingFails = false;
    expect(await provider.send(order)).toMatchObject({ status: "sent" });
    expect(wise.transfers.size).toBe(1);
    expect([...wise.transfers.values()][0]?.funded).toBe(1);
  });
});
