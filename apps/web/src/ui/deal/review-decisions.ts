import type { ReviewStatus } from "@market/contracts";

export type ReviewDecision = "OK" | "KO";

/** Spec section 4: approve (OK) from NONE or KO, reject (KO) from NONE or OK. */
export function reviewDecisions(status: ReviewStatus): Record<ReviewDecision, boolean> {
  return { OK: status !== "OK", KO: status !== "KO" };
}
