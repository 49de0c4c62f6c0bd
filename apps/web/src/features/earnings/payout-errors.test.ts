import { describe, expect, it } from "vitest";
import { i18n, loadAllTexts } from "../../lib/i18n";
import { checkPayoutForm } from "./payout-errors";

// The first load carries only the landing's texts (lib/i18n.ts).
await loadAllTexts();

const form = {
  payoutAmount: "20,50",
  payoutPassword: "secret",
  method: "paypal" as const,
  email: "Me@Example.com",
  confirmEmail: "me@example.com",
  accountOwnerName: "",
};

describe("the payout form", () => {
  it("accepts a comma as the decimal separator and answers the request's body in cents", () => {
    expect(checkPayoutForm(form, 5_000)).toEqual({
      ok: true,
      body: { method: "paypal", amountInCents: 2_050, password: "secret", email: "me@example.com" },
    });
  });

  it("refuses below $20 and above the balance, naming the balance", () => {
    expect(checkPayoutForm({ ...form, payoutAmount: "19.99" }, 5_000)).toMatchObject({
      errors: { payoutAmount: { key: "EARNINGS.PAYOUT.ERROR_MIN", values: { minimum: "$20.00" } } },
    });
    expect(checkPayoutForm({ ...form, payoutAmount: "50.01" }, 5_000)).toMatchObject({
      errors: { payoutAmount: { key: "EARNINGS.PAYOUT.ERROR_MAX", values: { balance: "$50.00" } } },
    });
    expect(checkPayoutForm({ ...form, payoutAmount: "2o" }, 5_000)).toMatchObject({
      errors: { payoutAmount: { key: "EARNINGS.PAYOUT.ERROR_AMOUNT" } },
    });
  });

  it("names the minimum from the constant, as every amount of money reads: two decimals", () => {
    const below = checkPayoutForm({ ...form, payoutAmount: "19.99" }, 5_000);
    const message = below.ok ? undefined : below.errors.payoutAmount;
    expect(message && i18n.t(message.key, message.values)).toBe("The minimum payout is $20.00.");
  });

  it("asks for the owner's name on one line", () => {
    const name = { ...form, method: "transferwise" as const, accountOwnerName: "Jane\nDoe" };
    expect(checkPayoutForm(name, 5_000)).toEqual({
      ok: false,
      errors: { accountOwnerName: { key: "VALIDATION.SINGLE_LINE" } },
    });
  });

  it("needs the password, a valid email equal to its confirmation, and transferwise's owner's name", () => {
    const result = checkPayoutForm(
      {
        ...form,
        payoutPassword: "",
        email: "nope",
        confirmEmail: "other",
        method: "transferwise",
        accountOwnerName: "  ",
      },
      5_000,
    );
    expect(result).toMatchObject({
      ok: false,
      errors: {
        payoutPassword: { key: "EARNINGS.PAYOUT.ERROR_PASSWORD" },
        email: { key: "EARNINGS.PAYOUT.ERROR_EMAIL" },
        confirmEmail: { key: "EARNINGS.PAYOUT.ERROR_EMAILS_DIFFER" },
        accountOwnerName: { key: "EARNINGS.PAYOUT.ERROR_FULL_NAME" },
      },
    });
  });

  it("pays TransferWise to a US bank account: the details in the body, each mistake named on its own field", () => {
    const bank = {
      ...form,
      method: "transferwise" as const,
      accountOwnerName: "Ann Lee",
      receiveBy: "bank" as const,
      routingNumber: "111000025",
      accountNumber: "12345678",
      accountType: "SAVINGS",
      country: "us",
      state: "ny",
      city: "New York",
      firstLine: "50 Branson Ave",
      postCode: "10025",
    };
    expect(checkPayoutForm(bank, 5_000)).toEqual({
      ok: true,
      body: {
        method: "transferwise",
        amountInCents: 2_050,
        password: "secret",
        email: "me@example.com",
        accountOwnerName: "Ann Lee",
        receiveBy: "bank",
        bankAccount: {
          routingNumber: "111000025",
          accountNumber: "12345678",
          accountType: "SAVINGS",
          address: { country: "US", state: "NY", city: "New York", firstLine: "50 Branson Ave", postCode: "10025" },
        },
      },
    });
    const wrong = { ...bank, routingNumber: "111000026", accountNumber: "", state: "", city: " ", postCode: "1002" };
    const result = checkPayoutForm(wrong, 5_000);
    expect(result).toEqual({
      ok: false,
      errors: {
        routingNumber: { key: "EARNINGS.PAYOUT.BANK.ERROR_ROUTING_CHECK" },
        accountNumber: { key: "EARNINGS.PAYOUT.BANK.ERROR_ACCOUNT_NUMBER" },
        state: { key: "EARNINGS.PAYOUT.BANK.ERROR_STATE" },
        city: { key: "EARNINGS.PAYOUT.BANK.ERROR_CITY" },
        postCode: { key: "EARNINGS.PAYOUT.BANK.ERROR_ZIP" },
      },
    });
    const messages = result.ok ? [] : Object.values(result.errors).map((message) => i18n.t(message.key));
    expect(messages).toContain("This is not a valid routing number: check it on a check or with your bank.");
    // By email, no bank details are asked for.
    expect(checkPayoutForm({ ...wrong, receiveBy: "email" }, 5_000)).toMatchObject({
      ok: true,
      body: { receiveBy: "email" },
    });
  });
});
