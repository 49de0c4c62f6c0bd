import type { WriteReviewInput } from "@market/contracts";

/** A complete, valid review of a brand as the influencer's form sends it, for the tests that need one written. */
export const SAMPLE_REVIEW = {
  rating: { brief: 5, communication: 4, payment: 5, fairness: 4 },
  text: "  Clear brief, paid on time.  ",
} satisfies Omit<WriteReviewInput, "id">;
