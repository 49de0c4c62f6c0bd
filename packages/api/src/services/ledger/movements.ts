import type { LedgerTransactionKind } from "@market/db";
import { ledgerAccount } from "./accounts";
import type { Entries } from "./post";

/** The figures of one hire (money.md): what the brand paid (B) and what the influencer earns on release (I). */
export interface HireMoney {
  applicationId: number;
  influencerId: number;
  /** B = round(P * (100 + fees.b) / 100), stored on the application as paid_amount_cents. */
  brandCents: number;
  /** I = round(P * (100 - fees.i) / 100). */
  influencerCents: number;
}

/**
 * The ledger transactions of money.md, by name: the lifecycle table (applications/lifecycle/transitions.ts) names
 * the one each transition writes, and movementEntries gives its entries.
 */
export type LedgerMovement = "brandPays" | "release" | "refund";

/** The ledger transaction kind each movement of the lifecycle table writes. */
export const MOVEMENT_KIND = {
  brandPays: "payment",
  release: "release",
  refund: "refund",
} as const satisfies Record<LedgerMovement, LedgerTransactionKind>;

/**
 * The ledger's idempotency key of each movement of one application: unique, so that no path (the brand, a sweep, a
 * webhook, a retry) can post a hire's payment, release or refund twice.
 */
export function movementKey(movement: LedgerMovement, applicationId: number): string {
  switch (movement) {
    case "brandPays":
      return `payment:${applicationId}`;
    case "release":
      return `release:${applicationId}`;
    case "refund":
      return `refund:application:${applicationId}`;
  }
}

/** The entries of money.md's table for each movement of the lifecycle table, in one place. */
export function movementEntries(movement: LedgerMovement, hire: HireMoney): Entries {
  const escrow = ledgerAccount.escrow(hire.applicationId);
  switch (movement) {
    case "brandPays":
      return { [ledgerAccount.stripe]: -hire.brandCents, [escrow]: hire.brandCents };
    case "release":
      return {
        [escrow]: -hire.brandCents,
        [ledgerAccount.influencer(hire.influencerId)]: hire.influencerCents,
        [ledgerAccount.platformFees]: hire.brandCents - hire.influencerCents,
      };
    case "refund":
      return { [escrow]: -hire.brandCents, [ledgerAccount.stripe]: hire.brandCents };
  }
}
