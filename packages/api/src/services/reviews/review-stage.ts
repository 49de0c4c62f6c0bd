import { type ApplicationStatus, type Reason, reviewWindowClosesAt } from "@market/contracts";

/**
 * Where an application stands for the influencer's review of the brand (issue 40): open on a COMPLETE hire from the
 * money's release until the reviews' window closes (21 days after it), once. `pending` before COMPLETE, `never` on
 * a DENIED one, `closed` once the window has closed unwritten.
 */
export type ReviewStage =
  | { state: "pending" }
  | { state: "never" }
  | { state: "not_yet" }
  | { state: "open"; closesAt: Date }
  | { state: "given" }
  | { state: "closed" };

export function reviewStage(
  application: { status: ApplicationStatus; moneyReleasedAt: Date | null; given: boolean },
  now: Date,
): ReviewStage {
  const { status, moneyReleasedAt, given } = application;
  if (status === "DENIED") return { state: "never" };
  if (status !== "COMPLETE") return { state: "pending" };
  if (given) return { state: "given" };
  // A COMPLETE application always has its money_released line; without it, the window has nothing to count from.
  if (!moneyReleasedAt) return { state: "not_yet" };
  const closesAt = reviewWindowClosesAt(moneyReleasedAt);
  return now.getTime() < closesAt.getTime() ? { state: "open", closesAt } : { state: "closed" };
}

/** Why the influencer may not write the review at this stage, or null. */
export const REVIEW_REFUSAL_OF: Record<ReviewStage["state"], Reason | null> = {
  pending: "not_allowed_yet",
  not_yet: "not_allowed_yet",
  never: "closed",
  given: "conflict",
  closed: "closed",
  open: null,
};
