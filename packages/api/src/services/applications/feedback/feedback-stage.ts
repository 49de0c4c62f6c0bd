import {
  type ApplicationStatus,
  feedbackIsOpen,
  feedbackOpensAt,
  type Reason,
  reviewWindowClosesAt,
} from "@market/contracts";

/**
 * Where an application stands for the brand's feedback (spec section 4): open on a COMPLETE application once its
 * money_released message is more than 7 days old, once, until the reviews' window closes (issue 40: `closed`,
 * so that a late feedback never follows a published review of the brand). `pending` before COMPLETE, `never` on a
 * DENIED one.
 */
export type FeedbackStage =
  | { state: "pending" }
  | { state: "never" }
  | { state: "not_yet"; opensAt: Date | null }
  | { state: "open"; opensAt: Date }
  | { state: "given" }
  | { state: "closed" };

export function feedbackStage(
  application: { status: ApplicationStatus; moneyReleasedAt: Date | null; given: boolean },
  now: Date,
): FeedbackStage {
  const { status, moneyReleasedAt, given } = application;
  if (status === "DENIED") return { state: "never" };
  if (status !== "COMPLETE") return { state: "pending" };
  if (given) return { state: "given" };
  // A COMPLETE application always has its money_released line; without it, the rule has nothing to count from.
  if (!moneyReleasedAt) return { state: "not_yet", opensAt: null };
  if (now.getTime() >= reviewWindowClosesAt(moneyReleasedAt).getTime()) return { state: "closed" };
  const opensAt = feedbackOpensAt(moneyReleasedAt);
  return feedbackIsOpen(moneyReleasedAt, now) ? { state: "open", opensAt } : { state: "not_yet", opensAt };
}

/** Why a brand may not leave feedback at this stage (spec section 8: feedback not yet allowed), or null. */
export const REFUSAL_OF: Record<FeedbackStage["state"], Reason | null> = {
  pending: "not_allowed_yet",
  not_yet: "not_allowed_yet",
  never: "closed",
  given: "conflict",
  closed: "closed",
  open: null,
};
