import { createHash } from "node:crypto";
import type { PayoutFailureReason, PayoutMethod, UsBankAccount } from "@market/contracts";

/**
 * The payout port of money.md: one provider per method (transferwise: Wise; paypal: PayPal Payouts), the real
 * adapter when configured (apps/server/src/env.ts), else the built-in sandbox. The worker (worker.ts) is its only
 * caller. Amounts are integer cents in USD.
 *
 * Idempotency: every payout has one reference (payoutReference), sent to the provider as its idempotency key
 * (Wise's customerTransactionId, PayPal's sender_batch_id and PayPal-Request-Id). Sending the same payout again,
 * after a crash between the provider's answer and our record of it, answers the transfer the first send made and
 * never pays twice.
 */
export interface PayoutProvider {
  /** For logs and the start-up line: which rail pays. */
  readonly name: "wise" | "paypal" | "sandbox";
  /**
   * How long a paid payout is still followed, because the provider may yet return the money (Wise: a bounce
   * after outgoing_payment_sent, "up to several weeks after a transfer is sent"); none when absent.
   */
  readonly watchAfterPaidMs?: number;
  /**
   * Hands the payout to the provider. A refusal of this payout (bad recipient, refused by the provider) is an
   * outcome; anything else (network, provider down, our credentials) is thrown and the worker tries again later
   * with the same reference.
   */
  send(order: PayoutOrder): Promise<SendOutcome>;
  /** Where the payout sent as `providerReference` stands. Throws when the provider cannot answer. */
  status(providerReference: string): Promise<PayoutOutcome>;
}

export interface PayoutOrder {
  /** payoutReference(id): the idempotency key. */
  reference: string;
  /** transferReference(id): what the receiving bank statement shows, within every rail's length. */
  statementReference?: string;
  amountCents: number;
  /** The receiving account's email (PayPal account, Wise email recipient). */
  email: string;
  /** transferwise only. */
  accountOwnerName: string | null;
  /** transferwise to a bank account (Wise's `aba` recipient); absent or null for an email recipient and paypal. */
  bankAccount?: UsBankAccount | null;
  /** What this provider remembered of an earlier try at this payout (`remember`); absent or null at first. */
  saved?: Record<string, unknown> | null;
  /**
   * Keeps what the provider made for this payout (Wise: its quote and recipient) at once, so that a send tried
   * again after an error reuses it instead of making new ones. The worker always gives it.
   */
  remember?(state: Record<string, unknown>): Promise<void>;
}

export interface Failure {
  status: "failed";
  reason: PayoutFailureReason;
  /** The provider's words, when it gave some. */
  message: string | null;
}

/**
 * The provider has the payout but will not go on without the platform's operator (Wise: funding needs strong
 * customer authentication). Not tried again by itself: the worker follows the provider's transfer, which the
 * operator funds or the provider cancels (Wise: unfunded transfers cancel after 14 days).
 */
export interface Held {
  status: "held";
  providerReference: string;
  /** What the influencer's tracker shows. */
  reason: string;
  /** What the operator's log says: what to do, with the provider's references. */
  detail: string;
}

export type SendOutcome = { status: "sent"; providerReference: string } | Held | Failure;
/** `awaitingFunding`: the provider still waits for the money (a held payout's transfer not yet funded). */
export type PayoutOutcome = { status: "pending"; awaitingFunding?: boolean } | { status: "paid" } | Failure;

/** Both methods' providers, as ApiDeps carries them. */
export type PayoutProviders = Record<PayoutMethod, PayoutProvider>;

/** The idempotency key of one payout; a retry is a new payout, so it gets a new reference. */
export function payoutReference(payoutId: number): string {
  return `market-payout-${payoutId}`;
}

/** The longest reference every rail carries: ACH (USD) takes 10 characters, the shortest of Wise's routes. */
export const TRANSFER_REFERENCE_MAX_LENGTH = 10;

/**
 * The reference the influencer reads on their bank statement, within every rail's limit: Wise's "Business
 * Payments Tips" table gives USD (ACH) 10 characters, the fewest (GBP 16, SEK 12, NGN 14, EUR 35...), and its
 * transfer requirements for USD allow `[a-zA-Z0-9- ]*` (docs.wise.com/api-reference/transfer, "Requesting transfer
 * requirements"). "PAY" and the payout's number while it fits, the bare number beyond ten million.
 */
export function transferReference(payoutId: number): string {
  const prefixed = `PAY${payoutId}`;
  return prefixed.length <= TRANSFER_REFERENCE_MAX_LENGTH ? prefixed : String(payoutId);
}

/**
 * A UUID derived from a reference (Wise wants its customerTransactionId to be a UUID): the same payout always gives
 * the same UUID, shaped as a version 5 (name-based) one.
 */
export function referenceUuid(reference: string): string {
  const hex = createHash("sha1").update(reference).digest("hex").slice(0, 32).split("");
  hex[12] = "5";
  hex[16] = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** Cents as the providers write amounts: "20.00". */
export function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Thrown for an answer the adapter cannot read or a provider error that is not about this payout. */
export class PayoutProviderError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "PayoutProviderError";
  }
}
