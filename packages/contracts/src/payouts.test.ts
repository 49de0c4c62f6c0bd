import { describe, expect, it } from "vitest";
import { PAYOUT_MESSAGES, parsePayoutAmount, payoutFormSchema, requestPayoutInput, retryPayoutInput } from "./payouts";
import { BANK_ACCOUNT_MESSAGES, isAbaRoutingNumber } from "./us-bank-account";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("parsePayoutAmount", () => {
  it("reads dollars with a point or a comma and at most two decimals", () => {
    expect(parsePayoutAmount("20")).toBe(2_000);
    expect(parsePayoutAmount("20,5")).toBe(2_050);
    expect(parsePayoutAmount(" 20.05 ")).toBe(2_005);
    expect(parsePayoutAmount("1234,99")).toBe(123_499);
  });

  it("refuses anything else", () => {
    for (const text of ["", "abc", "20.555", "1,000.00", "-20", "20,", ",5", "2e3", "20 50"])
      expect(parsePayoutAmount(text)).toBeNull();
  });
});

describe("requestPayoutInput", () => {
  const paypal = { method: "paypal", amountInCents: 2_000, password: "secret", email: "Me@Example.com" } as const;

  it("accepts a paypal payout of $20 and drops an owner's name paypal does not use", () => {
    expect(requestPayoutInput.parse({ ...paypal, accountOwnerName: "Ann" })).toEqual({
      ...paypal,
      email: "me@example.com",
      accountOwnerName: null,
      bankAccount: null,
    });
  });

  it("refuses less than $20, a fraction of a cent, a missing password and a bad email", () => {
    expect(messages(requestPayoutInput.safeParse({ ...paypal, amountInCents: 1_999 }))).toEqual([
      ["amountInCents", PAYOUT_MESSAGES.min],
    ]);
    expect(requestPayoutInput.safeParse({ ...paypal, amountInCents: 2_000.5 }).success).toBe(false);
    expect(messages(requestPayoutInput.safeParse({ ...paypal, password: "" }))).toEqual([
      ["password", PAYOUT_MESSAGES.password],
    ]);
    expect(requestPayoutInput.safeParse({ ...paypal, email: "not-an-email" }).success).toBe(false);
  });

  it("needs the account owner's name, trimmed, for transferwise", () => {
    const wise = { ...paypal, method: "transferwise" };
    expect(messages(requestPayoutInput.safeParse({ ...wise, accountOwnerName: "   " }))).toEqual([
      ["accountOwnerName", PAYOUT_MESSAGES.fullName],
    ]);
    expect(requestPayoutInput.parse({ ...wise, accountOwnerName: "  Ann Lee " }).accountOwnerName).toBe("Ann Lee");
  });
});

describe("a transferwise payout to a US bank account", () => {
  const account = {
    routingNumber: " 111000025 ",
    accountNumber: "12345678",
    accountType: "CHECKING",
    address: { country: "us", state: "ny", city: "New York", firstLine: "50 Branson Ave", postCode: "10025" },
  } as const;
  const wise = {
    method: "transferwise",
    amountInCents: 2_000,
    password: "secret",
    email: "ann@example.com",
    accountOwnerName: "Ann Lee",
  } as const;

  it("keeps the account, trimmed and upper-cased, when paid to the bank; an email recipient keeps none", () => {
    expect(requestPayoutInput.parse({ ...wise, receiveBy: "bank", bankAccount: account }).bankAccount).toEqual({
      ...account,
      routingNumber: "111000025",
      address: { ...account.address, country: "US", state: "NY" },
    });
    expect(requestPayoutInput.parse({ ...wise, receiveBy: "email", bankAccount: account }).bankAccount).toBeNull();
    expect(requestPayoutInput.parse(wise).bankAccount).toBeNull();
  });

  it("asks for the account when paid to the bank, and checks each detail with a message saying what to fix", () => {
    expect(messages(requestPayoutInput.safeParse({ ...wise, receiveBy: "bank" }))).toEqual([
      ["bankAccount", PAYOUT_MESSAGES.bankAccount],
    ]);
    const bad = {
      ...account,
      routingNumber: "111000026",
      accountNumber: "12a",
      address: { ...account.address, state: "", postCode: "1002" },
    };
    expect(messages(requestPayoutInput.safeParse({ ...wise, receiveBy: "bank", bankAccount: bad }))).toEqual([
      ["bankAccount.routingNumber", BANK_ACCOUNT_MESSAGES.routingChecksum],
      ["bankAccount.accountNumber", BANK_ACCOUNT_MESSAGES.accountNumber],
      ["bankAccount.address.state", BANK_ACCOUNT_MESSAGES.state],
      ["bankAccount.address.postCode", BANK_ACCOUNT_MESSAGES.zip],
    ]);
  });

  it("checks the routing number's ABA check digit", () => {
    for (const valid of ["111000025", "021000021", "026009593"]) expect(isAbaRoutingNumber(valid)).toBe(true);
    for (const invalid of ["111000026", "12345678", "000000000", "02100002a"])
      expect(isAbaRoutingNumber(invalid)).toBe(false);
  });
});

describe("retryPayoutInput", () => {
  it("takes the id alone, or a new destination with the password", () => {
    expect(retryPayoutInput.parse({ id: "4" })).toEqual({ id: 4 });
    expect(retryPayoutInput.safeParse({ id: 4, destination: { method: "paypal", email: "a@b.co" } }).success).toBe(
      false,
    );
  });
});

describe("payoutFormSchema", () => {
  const form = {
    payoutAmount: "25,50",
    payoutPassword: "secret",
    method: "paypal",
    email: "a@b.co",
    confirmEmail: "A@b.co",
  } as const;

  it("gives the request's body, the comma read as the decimal separator", () => {
    expect(payoutFormSchema(5_000).parse(form)).toEqual({
      method: "paypal",
      amountInCents: 2_550,
      password: "secret",
      email: "a@b.co",
    });
  });

  it("checks the amount against the minimum and the balance", () => {
    expect(messages(payoutFormSchema(5_000).safeParse({ ...form, payoutAmount: "19,99" }))).toEqual([
      ["payoutAmount", PAYOUT_MESSAGES.min],
    ]);
    expect(messages(payoutFormSchema(2_549).safeParse(form))).toEqual([["payoutAmount", PAYOUT_MESSAGES.max]]);
    expect(messages(payoutFormSchema(5_000).safeParse({ ...form, payoutAmount: "twenty" }))).toEqual([
      ["payoutAmount", PAYOUT_MESSAGES.amount],
    ]);
  });

  it("needs the emails equal and, for transferwise, the owner's name", () => {
    expect(messages(payoutFormSchema(5_000).safeParse({ ...form, confirmEmail: "b@b.co" }))).toEqual([
      ["confirmEmail", PAYOUT_MESSAGES.emailsDiffer],
    ]);
    expect(messages(payoutFormSchema(5_000).safeParse({ ...form, method: "transferwise" }))).toEqual([
      ["accountOwnerName", PAYOUT_MESSAGES.fullName],
    ]);
  });
});
