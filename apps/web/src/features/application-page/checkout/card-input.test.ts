import { SANDBOX_TEST_CARDS } from "@market/contracts";
import { describe, expect, it } from "vitest";
import {
  cardErrors,
  cardFieldError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isExpiryPast,
  luhnValid,
  parseExpiry,
  sandboxCardOf,
} from "./card-input";

const NOW = new Date(2026, 10, 25); // 25 November 2026, local time as the form reads it
const good = { number: "4242 4242 4242 4242", expiry: "04/28", cvc: "123" };

describe("card number", () => {
  it("groups the digits in fours as they are typed, dropping anything else", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0027 6000x3184")).toBe("4000 0027 6000 3184");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("")).toBe("");
    expect(formatCardNumber("4".repeat(25))).toBe("4444 4444 4444 4444 444");
  });

  it("passes Luhn for each of the sandbox's test cards and fails a mistyped digit", () => {
    for (const number of Object.values(SANDBOX_TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });

  it("says incomplete before it says invalid", () => {
    expect(cardFieldError("number", { ...good, number: "" }, NOW)).toBe("CHECKOUT_MODAL.CARD.NUMBER_INCOMPLETE");
    expect(cardFieldError("number", { ...good, number: "4242 4242 4242 424" }, NOW)).toBe(
      "CHECKOUT_MODAL.CARD.NUMBER_INCOMPLETE",
    );
    expect(cardFieldError("number", { ...good, number: "4242 4242 4242 4241" }, NOW)).toBe(
      "CHECKOUT_MODAL.CARD.NUMBER_INVALID",
    );
    expect(cardFieldError("number", good, NOW)).toBeUndefined();
  });

  it("takes an American Express number of 15 digits with a 4-digit code", () => {
    const amex = { number: "3782 8224 6310 005", expiry: "04/28", cvc: "123" };
    expect(cardFieldError("number", amex, NOW)).toBeUndefined();
    expect(cardFieldError("cvc", amex, NOW)).toBe("CHECKOUT_MODAL.CARD.CVC_INCOMPLETE");
    expect(cardFieldError("cvc", { ...amex, cvc: "1234" }, NOW)).toBeUndefined();
  });
});

describe("expiry", () => {
  it("shapes MM/YY as it is typed", () => {
    expect(formatExpiry("0")).toBe("0");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("4")).toBe("04");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("042")).toBe("04/2");
    expect(formatExpiry("0427")).toBe("04/27");
    expect(formatExpiry("04/27")).toBe("04/27");
    expect(formatExpiry("04 / 2799")).toBe("04/27");
    expect(formatExpiry("4/")).toBe("04/");
    expect(formatExpiry("1/2")).toBe("01/2");
  });

  it("parses a month of 1 to 12 and a two-digit year of this century", () => {
    expect(parseExpiry("04/27")).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry("12/99")).toEqual({ month: 12, year: 2099 });
    expect(parseExpiry("00/27")).toBeNull();
    expect(parseExpiry("13/27")).toBeNull();
    expect(parseExpiry("04/2")).toBeNull();
    expect(parseExpiry("0427")).toBeNull();
  });

  it("keeps a card good through the last day of its month", () => {
    expect(isExpiryPast({ month: 11, year: 2026 }, NOW)).toBe(false);
    expect(isExpiryPast({ month: 10, year: 2026 }, NOW)).toBe(true);
    expect(isExpiryPast({ month: 1, year: 2027 }, NOW)).toBe(false);
    expect(isExpiryPast({ month: 12, year: 2025 }, NOW)).toBe(true);
  });

  it("says incomplete, an invalid month or a past date", () => {
    const error = (expiry: string) => cardFieldError("expiry", { ...good, expiry }, NOW);
    expect(error("")).toBe("CHECKOUT_MODAL.CARD.EXPIRY_INCOMPLETE");
    expect(error("04/2")).toBe("CHECKOUT_MODAL.CARD.EXPIRY_INCOMPLETE");
    expect(error("13/28")).toBe("CHECKOUT_MODAL.CARD.EXPIRY_MONTH_INVALID");
    expect(error("10/26")).toBe("CHECKOUT_MODAL.CARD.EXPIRY_PAST");
    expect(error("11/26")).toBeUndefined();
  });
});

describe("the whole card", () => {
  it("keeps only digits in the security code", () => {
    expect(formatCvc("1a2 3")).toBe("123");
    expect(formatCvc("123456")).toBe("1234");
  });

  it("lists every field's fault and none for a good card", () => {
    expect(cardErrors({ number: "", expiry: "", cvc: "" }, NOW)).toEqual({
      number: "CHECKOUT_MODAL.CARD.NUMBER_INCOMPLETE",
      expiry: "CHECKOUT_MODAL.CARD.EXPIRY_INCOMPLETE",
      cvc: "CHECKOUT_MODAL.CARD.CVC_INCOMPLETE",
    });
    expect(cardErrors(good, NOW)).toEqual({});
  });

  it("sends the digits and the expiry's month and four-digit year to the sandbox", () => {
    expect(sandboxCardOf(good)).toEqual({ number: "4242424242424242", expMonth: 4, expYear: 2028, cvc: "123" });
    expect(() => sandboxCardOf({ ...good, expiry: "4" })).toThrow();
  });
});
