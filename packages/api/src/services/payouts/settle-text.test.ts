import type { Payout } from "@market/db";
import { describe, expect, it } from "vitest";
import { failureText, paidText } from "./settle";

const payout = { amountCents: 125_000, method: "paypal", email: "ann@example.com" } as Payout;

describe("what a settled payout tells its influencer", () => {
  it("names the amount as the earnings page shows it, thousands separator and cents", () => {
    expect(paidText(payout)).toBe("Your $1,250.00 payout by PayPal to ann@example.com was paid.");
    expect(failureText({ ...payout, amountCents: 2_000 }, "rejected", null)).toBe(
      "Your $20.00 payout by PayPal to ann@example.com failed: the payment provider refused it. The money is back in your balance; you can retry it from your earnings.",
    );
  });

  it("quotes the provider's sentence in brackets without doubling its full stop", () => {
    expect(failureText(payout, "invalid_account", 'The sandbox refuses accounts whose email contains "fail".')).toBe(
      'Your $1,250.00 payout by PayPal to ann@example.com failed: the receiving account does not exist or cannot receive money (The sandbox refuses accounts whose email contains "fail"). The money is back in your balance; you can retry it from your earnings.',
    );
  });
});
