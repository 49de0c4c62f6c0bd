import { describe, expect, it } from "vitest";
import { PAYOUT_MESSAGES, parsePayoutAmount, payoutFormSchema, requestPayoutInput, retryPayoutInput } from "./payouts";

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
