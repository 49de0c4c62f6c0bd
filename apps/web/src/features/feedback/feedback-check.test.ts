import { FEEDBACK_COMMENT_MAX_LENGTH } from "@market/contracts";
import { describe, expect, it } from "vitest";
import { checkFeedbackForm, EMPTY_FEEDBACK, feedbackErrorsOf } from "./feedback-check";

const FILLED = {
  ...EMPTY_FEEDBACK,
  rating: { content: 5, availability: 4, communication: 3, cooperation: 2, schedule: 1 },
  workAgain: true,
  droveAction: false,
  roi: "neutral" as const,
  iComment: "  Thanks!  ",
};

describe("checkFeedbackForm", () => {
  it("asks for every rating, both yes/no answers and the ROI when nothing is chosen", () => {
    expect(checkFeedbackForm(EMPTY_FEEDBACK)).toEqual({
      ok: false,
      errors: {
        "rating.content": { key: "FEEDBACK.RATING_REQUIRED" },
        "rating.availability": { key: "FEEDBACK.RATING_REQUIRED" },
        "rating.communication": { key: "FEEDBACK.RATING_REQUIRED" },
        "rating.cooperation": { key: "FEEDBACK.RATING_REQUIRED" },
        "rating.schedule": { key: "FEEDBACK.RATING_REQUIRED" },
        workAgain: { key: "FEEDBACK.CHOICE_REQUIRED" },
        droveAction: { key: "FEEDBACK.CHOICE_REQUIRED" },
        roi: { key: "FEEDBACK.ROI_REQUIRED" },
      },
    });
  });

  it("names only what is missing or too long", () => {
    const { schedule: _, ...four } = FILLED.rating;
    const result = checkFeedbackForm({
      ...FILLED,
      rating: four,
      rComment: "x".repeat(FEEDBACK_COMMENT_MAX_LENGTH + 1),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        "rating.schedule": { key: "FEEDBACK.RATING_REQUIRED" },
        rComment: { key: "VALIDATION.TOO_LONG", values: { max: FEEDBACK_COMMENT_MAX_LENGTH } },
      },
    });
  });

  it("gives the body to send, comments trimmed", () => {
    expect(checkFeedbackForm(FILLED)).toEqual({
      ok: true,
      body: { ...FILLED, iComment: "Thanks!", rComment: "", allowUse: false },
    });
  });
});

describe("feedbackErrorsOf", () => {
  it("reads the server's issues onto the same fields, ignoring what no field shows", () => {
    const issues = [
      { path: ["rating", "cooperation"], message: "x" },
      { path: ["roi"], message: "x" },
      { path: ["id"], message: "x" },
    ];
    expect(feedbackErrorsOf(issues)).toEqual({
      "rating.cooperation": { key: "FEEDBACK.RATING_REQUIRED" },
      roi: { key: "FEEDBACK.ROI_REQUIRED" },
    });
  });
});
