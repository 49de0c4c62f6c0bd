import { type ApplicationStatus, feedbackIsOpen, feedbackOpensAt, type Reason } from "@market/contracts";

/**
 * Where an application stands for the brand's feedback (spec section 4): open on a COMPLETE application once its
 * money_released message is more than 7 days old, once. `pending` before COMPLETE, `never` on a DENIED one.
 */
export type FeedbackStage =
  | { state: "pending" }
  | { state: "never" }
  | { state: "not_yet"; opensAt: Date | null }
  | { state: "open"; opensAt: Date }
  | { state: "given" };

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
  const opensAt = feedbackOpensAt(moneyReleasedAt);
  return feedbackIsOpen(moneyReleasedAt, now) ? { state: "open", opensAt } : { state: "not_yet", opensAt };
}

/** Why a brand may not leave feedback at this stage (spec section 8: feedback not yet allowed), or null. */
export const REFUSAL_OF: Record<FeedbackStage["state"], Reason | null> = {
  pending: "not_allowed_yet",
  not_yet: "not_allowed_yet",
  never: "closed",
  given: "conflict",
  open: null,
};
