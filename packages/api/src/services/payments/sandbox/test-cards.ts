import { SANDBOX_TEST_CARDS } from "@market/contracts";
import type { SandboxCardBehaviour } from "@market/db";

/**
 * Stripe's test cards (https://docs.stripe.com/testing), as the sandbox knows them: the brand Stripe reports and
 * what happens when the card is charged. The sandbox takes no other number, as Stripe's test mode takes no real
 * card, so nobody types a real card into a server that only pretends to charge it.
 */
export const TEST_CARDS: Record<string, { brand: string; behaviour: SandboxCardBehaviour }> = {
  [SANDBOX_TEST_CARDS.succeeds]: { brand: "visa", behaviour: "succeeds" },
  "4000056655665556": { brand: "visa", behaviour: "succeeds" },
  "5555555555554444": { brand: "mastercard", behaviour: "succeeds" },
  "2223003122003222": { brand: "mastercard", behaviour: "succeeds" },
  "378282246310005": { brand: "amex", behaviour: "succeeds" },
  "6011111111111117": { brand: "discover", behaviour: "succeeds" },
  [SANDBOX_TEST_CARDS.requiresAuthentication]: { brand: "visa", behaviour: "requires_authentication" },
  "4000002500003155": { brand: "visa", behaviour: "requires_authentication" },
  [SANDBOX_TEST_CARDS.declined]: { brand: "visa", behaviour: "declined" },
  "4000000000009995": { brand: "visa", behaviour: "insufficient_funds" },
  "4000000000000069": { brand: "visa", behaviour: "expired_card" },
  "4000000000000127": { brand: "visa", behaviour: "incorrect_cvc" },
};

/** Stripe's failure code and message for each card that fails when charged. */
export const CARD_FAILURES: Partial<Record<SandboxCardBehaviour, { code: string; message: string }>> = {
  declined: { code: "card_declined", message: "Your card was declined." },
  insufficient_funds: { code: "card_declined", message: "Your card has insufficient funds." },
  expired_card: { code: "expired_card", message: "Your card has expired." },
  incorrect_cvc: { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
};

/** Stripe's message when the brand fails (or cancels) the card's authentication step. */
export const AUTHENTICATION_FAILURE = {
  code: "payment_intent_authentication_failure",
  message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
} as const;

/** The Luhn checksum every card number carries. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardToTokenize {
  /** Digits only (the input schema strips spaces and dashes). */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck =
  | { ok: true; brand: string; behaviour: SandboxCardBehaviour; last4: string }
  | { ok: false; field: "number" | "expMonth" | "expYear" | "cvc"; message: string };

/** What Stripe.js checks before it tokenizes a card, with its messages; `now` decides whether the card is expired. */
export function checkCard(card: CardToTokenize, now: Date): CardCheck {
  if (!passesLuhn(card.number)) return { ok: false, field: "number", message: "Your card number is invalid." };
  const known = TEST_CARDS[card.number];
  if (!known) {
    return {
      ok: false,
      field: "number",
      message:
        "Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
    };
  }
  if (card.expYear < now.getUTCFullYear()) {
    return { ok: false, field: "expYear", message: "Your card's expiration year is in the past." };
  }
  if (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1) {
    return { ok: false, field: "expMonth", message: "Your card's expiration date is in the past." };
  }
  if (card.cvc.length !== (known.brand === "amex" ? 4 : 3)) {
    return { ok: false, field: "cvc", message: "Your card's security code is incomplete." };
  }
  return { ok: true, brand: known.brand, behaviour: known.behaviour, last4: card.number.slice(-4) };
}
