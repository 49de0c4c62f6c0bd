import {
  FEEDBACK_COMMENT_MAX_LENGTH,
  type FeedbackFields,
  feedbackFieldsInput,
  RATING_CRITERIA,
  type RatingCriterion,
  type Roi,
} from "@market/contracts";
import type { FieldMessage, Issue } from "../../lib/field-errors";

/** The form as typed: nothing chosen yet is undefined or null. */
export interface FeedbackFormValues {
  rating: Partial<Record<RatingCriterion, number>>;
  workAgain: boolean | null;
  droveAction: boolean | null;
  roi: Roi | null;
  iComment: string;
  rComment: string;
  allowUse: boolean;
}

export const EMPTY_FEEDBACK: FeedbackFormValues = {
  rating: {},
  workAgain: null,
  droveAction: null,
  roi: null,
  iComment: "",
  rComment: "",
  allowUse: false,
};

export type FeedbackField = `rating.${RatingCriterion}` | "workAgain" | "droveAction" | "roi" | "iComment" | "rComment";
export type FeedbackErrors = Partial<Record<FeedbackField, FieldMessage>>;

/** The form's fields in the order they show, so the first invalid one is found first. */
export const FEEDBACK_FIELDS: readonly FeedbackField[] = [
  ...RATING_CRITERIA.map((criterion) => `rating.${criterion}` as const),
  "workAgain",
  "droveAction",
  "roi",
  "iComment",
  "rComment",
];

const MESSAGE_OF: Record<string, FieldMessage> = {
  rating: { key: "FEEDBACK.RATING_REQUIRED" },
  workAgain: { key: "FEEDBACK.CHOICE_REQUIRED" },
  droveAction: { key: "FEEDBACK.CHOICE_REQUIRED" },
  roi: { key: "FEEDBACK.ROI_REQUIRED" },
  iComment: { key: "VALIDATION.TOO_LONG", values: { max: FEEDBACK_COMMENT_MAX_LENGTH } },
  rComment: { key: "VALIDATION.TOO_LONG", values: { max: FEEDBACK_COMMENT_MAX_LENGTH } },
};

/**
 * The messages of the contracts' issues, the form's or the server's, one per field: a missing or wrong rating
 * says to choose stars, a missing yes/no to answer it, a long comment its limit.
 */
export function feedbackErrorsOf(issues: readonly Issue[]): FeedbackErrors {
  const errors: FeedbackErrors = {};
  for (const issue of issues) {
    const [first, second] = issue.path.map(String);
    const field = (first === "rating" ? `rating.${second}` : first) as FeedbackField;
    const message = first ? MESSAGE_OF[first] : undefined;
    if (message && FEEDBACK_FIELDS.includes(field)) errors[field] ??= message;
  }
  return errors;
}

/** The form checked by the contracts' schema: the body to send, or the message of each wrong field. */
export function checkFeedbackForm(
  values: FeedbackFormValues,
): { ok: true; body: FeedbackFields } | { ok: false; errors: FeedbackErrors } {
  const parsed = feedbackFieldsInput.safeParse({
    ...values,
    workAgain: values.workAgain ?? undefined,
    droveAction: values.droveAction ?? undefined,
    roi: values.roi ?? undefined,
  });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: feedbackErrorsOf(parsed.error.issues) };
}
