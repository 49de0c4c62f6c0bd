import { z } from "zod";
import { networkType } from "./enum-schemas";
import { rowId } from "./ids";
import { usageRights } from "./usage-rights";

/**
 * The checkout of spec sections 2, 5 and 7 (POST /api/applications/{id}/accept) and the saved card, shared by the
 * server and the checkout modal. money.md describes the amounts and the gateway.
 */

/** How the card is given: a token of a new card from the card form, the saved card, or the authenticated intent. */
export const cardOptions = z.object({
  /** The new card's token from the card form (Stripe: a PaymentMethod id pm_…; the sandbox: its own token). */
  token: z.string().min(1).max(500).optional(),
  /** The payment intent id after the browser's authentication step: completes a payment that answered requiresAction. */
  confirmToken: z.string().min(1).max(500).optional(),
  /** Remember the new card for later checkouts. */
  saveCard: z.boolean().default(false),
  /** Pay with the saved card; needs the account password. */
  useExistingCard: z.boolean().default(false),
});

/** Body of POST /api/applications/{id}/accept. */
export const acceptInput = z
  .object({
    id: rowId,
    /** The brand total B the checkout showed, in cents; must equal what the server computes (else price_changed). */
    frontendPriceInCents: z.number().int().positive().max(1_000_000_000),
    /** The ticked networks of the hire table. */
    networks: z.array(networkType).min(1, "Tick at least one network.").max(20),
    /**
     * The usage rights the checkout showed for the ticked networks (issue 37): when given, each must still be the
     * proposal's, else price_changed with nothing charged, as for a changed total (the influencer may change the
     * rights without the price). Optional for clients that show no rights.
     */
    usageRights: z
      .array(z.object({ network: networkType, usageRights }))
      .max(20)
      .optional(),
    cardOptions,
    password: z.string().min(1).max(256).optional(),
  })
  .refine(
    (input) =>
      [input.cardOptions.token, input.cardOptions.confirmToken, input.cardOptions.useExistingCard || undefined].filter(
        (given) => given !== undefined,
      ).length === 1,
    { path: ["cardOptions"], message: "Give a new card, the saved card or the authenticated payment." },
  );
export type AcceptInput = z.input<typeof acceptInput>;
export type Accept = z.output<typeof acceptInput>;

/**
 * The answer of accept: paid; or the browser must run the card's authentication step and call accept again; or
 * (`processing`) the provider took the payment but has not settled it yet: the hire is not paid until the
 * provider's webhook says it succeeded, and another accept meanwhile answers the same without charging again.
 */
export type AcceptResult =
  | { requiresAction: false; processing?: false }
  | { requiresAction: false; processing: true }
  | { requiresAction: true; intentSecret: string };

/** The saved card as the checkout shows it (spec: Card); an expired card is not answered. */
export interface SavedCardView {
  type: string;
  last4: string;
  /** Padded to two digits, e.g. "04". */
  expMonth: string;
  expYear: number;
}

/** What the browser needs to load its card form: Stripe's publishable key, or the built-in sandbox. */
export type PaymentsConfig = { provider: "stripe"; publishableKey: string } | { provider: "sandbox" };

/**
 * The sandbox's test cards, Stripe's own numbers (money.md): the sandbox keeps Stripe's contract so that a fresh
 * machine pays end to end and the browser tests pay without any outside service.
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: "4242424242424242",
  requiresAuthentication: "4000002760003184",
  declined: "4000000000000002",
} as const;

/**
 * The sandbox card form's tokenization (tRPC payments.sandboxToken, POST /api/payments/sandbox/tokens): what
 * Stripe.js does in the browser with the real adapter. Answers `{ token }`; a wrong number, a past expiry or a
 * bad CVC is refused as invalid with the field and Stripe's message.
 */
export const sandboxTokenInput = z.object({
  number: z
    .string()
    .transform((number) => number.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^[0-9]{12,19}$/, "Your card number is incomplete.")),
  expMonth: z.number().int().min(1, "Your card's expiration date is incomplete.").max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^[0-9]{3,4}$/, "Your card's security code is incomplete."),
});
export type SandboxTokenInput = z.input<typeof sandboxTokenInput>;

/** The sandbox's authentication step (payments.sandboxAuthenticate): the brand approves or fails the challenge. */
export const sandboxAuthenticateInput = z.object({
  intentSecret: z.string().min(1).max(500),
  approve: z.boolean(),
});

/**
 * The answer of the sandbox's authentication step: the intent to complete, sent next as accept's confirmToken
 * (approved or failed: accept then answers the payment or the provider's refusal, as with Stripe).
 */
export interface SandboxAuthenticateResult {
  intentId: string;
}
