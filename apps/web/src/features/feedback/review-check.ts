import {
  BRAND_CRITERIA,
  type BrandCriterion,
  type BrandReviewFields,
  brandReviewFieldsInput,
  REVIEW_TEXT_MAX_LENGTH,
} from "@market/contracts";
import type { FieldMessage, Issue } from "../../lib/field-errors";

/** The review form as typed (issue 40): no stars chosen yet is undefined. */
export interface ReviewFormValues {
  rating: Partial<Record<BrandCriterion, number>>;
  text: string;
}

export const EMPTY_REVIEW: ReviewFormValues = { rating: {}, text: "" };

export type ReviewField = `rating.${BrandCriterion}` | "text";
export type ReviewErrors = Partial<Record<ReviewField, FieldMessage>>;

const FIELDS: readonly ReviewField[] = [...BRAND_CRITERIA.map((criterion) => `rating.${criterion}` as const), "text"];

const MESSAGE_OF: Record<string, FieldMessage> = {
  rating: { key: "FEEDBACK.RATING_REQUIRED" },
  text: { key: "VALIDATION.TOO_LONG", values: { max: REVIEW_TEXT_MAX_LENGTH } },
};

/** The messages of the contracts' issues, the form's or the server's, one per field. */
export function reviewErrorsOf(issues: readonly Issue[]): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const issue of issues) {
    const [first, second] = issue.path.map(String);
    const field = (first === "rating" ? `rating.${second}` : first) as ReviewField;
    const message = first ? MESSAGE_OF[first] : undefined;
    if (message && FIELDS.includes(field)) errors[field] ??= message;
  }
  return errors;
}

/** The form checked by the contracts' schema: the body to send, or the message of each wrong field. */
export function checkReviewForm(
  values: ReviewFormValues,
): { ok: true; body: BrandReviewFields } | { ok: false; errors: ReviewErrors } {
  const parsed = brandReviewFieldsInput.safeParse(values);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: reviewErrorsOf(parsed.error.issues) };
}
