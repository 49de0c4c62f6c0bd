import { REVIEW_TEXT_MAX_LENGTH } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { checkReviewForm, EMPTY_REVIEW } from "./review-check";

const RATED = { brief: 5, communication: 4, payment: 3, fairness: 2 };

describe("checkReviewForm (issue 40)", () => {
  it("asks for every criterion's stars", () => {
    expect(checkReviewForm(EMPTY_REVIEW)).toEqual({
      ok: false,
      errors: {
        "rating.brief": { key: "FEEDBACK.RATING_REQUIRED" },
        "rating.communication": { key: "FEEDBACK.RATING_REQUIRED" },
        "rating.payment": { key: "FEEDBACK.RATING_REQUIRED" },
        "rating.fairness": { key: "FEEDBACK.RATING_REQUIRED" },
      },
    });
  });

  it("limits the text and trims it", () => {
    expect(checkReviewForm({ rating: RATED, text: "x".repeat(REVIEW_TEXT_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      errors: { text: { key: "VALIDATION.TOO_LONG", values: { max: REVIEW_TEXT_MAX_LENGTH } } },
    });
    expect(checkReviewForm({ rating: RATED, text: "  Good.  " })).toEqual({
      ok: true,
      body: { rating: RATED, text: "Good." },
    });
  });
});
