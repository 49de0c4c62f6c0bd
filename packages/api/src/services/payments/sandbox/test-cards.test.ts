import { SANDBOX_TEST_CARDS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { checkCard, passesLuhn, TEST_CARDS } from "./test-cards";

const now = new Date("2026-06-15T12:00:00Z");
const card = (number: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: "123",
  ...overrides,
});

describe("the sandbox's test cards", () => {
  it("are Stripe's numbers, each with a valid checksum", () => {
    for (const number of Object.keys(TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
    expect(TEST_CARDS[SANDBOX_TEST_CARDS.succeeds]).toEqual({ brand: "visa", behaviour: "succeeds" });
    expect(TEST_CARDS[SANDBOX_TEST_CARDS.requiresAuthentication]?.behaviour).toBe("requires_authentication");
    expect(TEST_CARDS[SANDBOX_TEST_CARDS.declined]?.behaviour).toBe("declined");
  });

  it("accepts a test card with its brand and last 4 digits", () => {
    expect(checkCard(card("4242424242424242"), now)).toEqual({
      ok: true,
      brand: "visa",
      behaviour: "succeeds",
      last4: "4242",
    });
    expect(checkCard(card("378282246310005", { cvc: "1234" }), now)).toMatchObject({ ok: true, brand: "amex" });
  });

  it("refuses a wrong number, a real card, a past expiry and a short security code with Stripe.js's messages", () => {
    expect(checkCard(card("4242424242424241"), now)).toEqual({
      ok: false,
      field: "number",
      message: "Your card number is invalid.",
    });
    expect(checkCard(card("4012888888881881"), now)).toMatchObject({ ok: false, field: "number" });
    expect(checkCard(card("4242424242424242", { expYear: 2025 }), now)).toEqual({
      ok: false,
      field: "expYear",
      message: "Your card's expiration year is in the past.",
    });
    expect(checkCard(card("4242424242424242", { expYear: 2026, expMonth: 5 }), now)).toEqual({
      ok: false,
      field: "expMonth",
      message: "Your card's expiration date is in the past.",
    });
    expect(checkCard(card("4242424242424242", { expYear: 2026, expMonth: 6 }), now)).toMatchObject({ ok: true });
    expect(checkCard(card("378282246310005", { cvc: "123" }), now)).toMatchObject({ ok: false, field: "cvc" });
  });
});
