import type { LeaveFeedbackInput } from "@market/contracts";

/**
 * A complete, valid feedback as the brand's form sends it (every criterion rated, the yes/no answers, the ROI), for
 * the tests that need one given. The influencer's comment carries spaces around it: the service trims it.
 */
export const SAMPLE_FEEDBACK = {
  rating: { content: 5, availability: 4, communication: 4, cooperation: 5, schedule: 3 },
  iComment: "  Great posts, on time.  ",
  workAgain: true,
  droveAction: false,
  roi: "good",
  rComment: "Sales went up a little.",
  allowUse: true,
} satisfies Omit<LeaveFeedbackInput, "id">;
