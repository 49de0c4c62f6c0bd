import type { ApplicationStatus, DeniedReason } from "./enums";

/**
 * What a person reads an application as, on every screen (lists, the page's banner, the chat's closing line, the
 * deal page, earnings, hires, statements). The spec keeps a refunded hire DENIED (section 4), and a lapsed
 * proposal is DENIED too, but nobody who paid or was paid may read "Declined" for a hire an admin refunded, nor
 * for a proposal that only ran out of time: this is the one rule that tells them apart.
 */
export const APPLICATION_STATES = ["WAITING", "PROGRESS", "COMPLETE", "DECLINED", "EXPIRED", "REFUNDED"] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** A hire an admin refunded: when, and what went back to the brand's card (B, what it paid). */
export interface ApplicationRefund {
  at: Date;
  amountCents: number;
}

/** What the rule reads: the status as read now (a lapsed WAITING already DENIED, EXPIRED) and the refund. */
export interface StateSource {
  status: ApplicationStatus;
  deniedReason: DeniedReason | null;
  refund: ApplicationRefund | null;
}

export function applicationState(application: StateSource): ApplicationState {
  if (application.status !== "DENIED") return application.status;
  if (application.refund) return "REFUNDED";
  return application.deniedReason === "EXPIRED" ? "EXPIRED" : "DECLINED";
}

/**
 * Where a paid hire's money stands (spec section 4 Hire history status, and the influencer's i-payment): pending in
 * escrow, released to the influencer, or refunded to the brand (then never earned).
 */
export type HireMoneyState = "pending" | "released" | "refunded";

export function hireMoneyState(hire: { releasedAt: Date | null; refundedAt: Date | null }): HireMoneyState {
  if (hire.refundedAt) return "refunded";
  return hire.releasedAt ? "released" : "pending";
}
