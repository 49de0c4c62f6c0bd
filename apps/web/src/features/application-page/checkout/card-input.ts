import type { ParseKeys } from "i18next";

/**
 * The sandbox's own card form (issue 13: the product's card entry when no Stripe key is configured): what the brand
 * types, shaped as it is typed (the number in groups of four, the expiry as MM/YY), and checked the way Stripe's
 * card element checks it, with Stripe's messages, before it is sent to payments.sandboxToken.
 */

export const CARD_FIELDS = ["number", "expiry", "cvc"] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Record<CardField, string>;
export type CardErrors = Partial<Record<CardField, ParseKeys>>;

/** The longest card number there is (ISO/IEC 7812). */
const MAX_NUMBER_DIGITS = 19;

const digitsOf = (typed: string, max: number) => typed.replace(/\D/g, "").slice(0, max);

/** "4242424242424242" or "4242 4242-4242" -> "4242 4242 4242 4242"; anything but digits is dropped. */
export function formatCardNumber(typed: string): string {
  return (
    digitsOf(typed, MAX_NUMBER_DIGITS)
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

/**
 * The expiry as it is typed: "0427" -> "04/27", "4" -> "04" (no month starts with a digit above 1), and a slash
 * the brand typed themselves is kept after a one-digit month ("4/" -> "04/").
 */
export function formatExpiry(typed: string): string {
  const slash = typed.match(/^\s*(\d)\s*\//);
  const digits = digitsOf(slash ? `0${typed}` : typed, 4);
  const month = digits.length === 1 && Number(digits) > 1 ? `0${digits}` : digits;
  if (month.length <= 2) return slash ? `${month}/` : month;
  return `${month.slice(0, 2)}/${month.slice(2)}`;
}

/** The security code: 3 digits, 4 for American Express. */
export const formatCvc = (typed: string): string => digitsOf(typed, 4);

/** The Luhn checksum every card number carries: catches a mistyped digit before the bank is asked. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** American Express numbers (34…, 37…) have 15 digits; the cards this product takes otherwise have 16 or more. */
const isAmex = (digits: string) => /^3[47]/.test(digits);

export interface Expiry {
  month: number;
  /** Four digits: "27" is 2027. */
  year: number;
}

/** "04/27" -> { month: 4, year: 2027 }; null when incomplete or not a month. */
export function parseExpiry(formatted: string): Expiry | null {
  const match = formatted.match(/^(\d{2})\/(\d{2})$/);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month. */
export const isExpiryPast = (expiry: Expiry, now: Date): boolean =>
  expiry.year * 12 + expiry.month - 1 < now.getFullYear() * 12 + now.getMonth();

function numberError(number: string): ParseKeys | undefined {
  const digits = digitsOf(number, MAX_NUMBER_DIGITS);
  if (digits.length < (isAmex(digits) ? 15 : 16)) return "CHECKOUT_MODAL.CARD.NUMBER_INCOMPLETE";
  if (!luhnValid(digits)) return "CHECKOUT_MODAL.CARD.NUMBER_INVALID";
  return undefined;
}

function expiryError(expiry: string, now: Date): ParseKeys | undefined {
  if (!/^\d{2}\/\d{2}$/.test(expiry)) return "CHECKOUT_MODAL.CARD.EXPIRY_INCOMPLETE";
  const parsed = parseExpiry(expiry);
  if (!parsed) return "CHECKOUT_MODAL.CARD.EXPIRY_MONTH_INVALID";
  if (isExpiryPast(parsed, now)) return "CHECKOUT_MODAL.CARD.EXPIRY_PAST";
  return undefined;
}

function cvcError(cvc: string, number: string): ParseKeys | undefined {
  const length = isAmex(digitsOf(number, MAX_NUMBER_DIGITS)) ? 4 : 3;
  return cvc.length < length ? "CHECKOUT_MODAL.CARD.CVC_INCOMPLETE" : undefined;
}

/** The message of one field, as shown when the brand leaves it; undefined when it is fine. */
export function cardFieldError(field: CardField, values: CardValues, now: Date): ParseKeys | undefined {
  switch (field) {
    case "number":
      return numberError(values.number);
    case "expiry":
      return expiryError(values.expiry, now);
    case "cvc":
      return cvcError(values.cvc, values.number);
  }
}

/** Every field's message, as shown on Pay; empty when the card can be sent. */
export function cardErrors(values: CardValues, now: Date): CardErrors {
  const errors: CardErrors = {};
  for (const field of CARD_FIELDS) {
    const error = cardFieldError(field, values, now);
    if (error) errors[field] = error;
  }
  return errors;
}

/** What payments.sandboxToken takes (contracts: sandboxTokenInput), from a form cardErrors found no fault in. */
export function sandboxCardOf(values: CardValues): { number: string; expMonth: number; expYear: number; cvc: string } {
  const expiry = parseExpiry(values.expiry);
  if (!expiry) throw new Error("The card's expiry was not checked.");
  return {
    number: digitsOf(values.number, MAX_NUMBER_DIGITS),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: values.cvc,
  };
}
