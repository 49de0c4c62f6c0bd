import type { PostCheckState } from "@market/contracts";

/**
 * How a check's result looks on a delivered post's card (issue 37): found is good news, a post not found or of
 * another account or published before the hire is a warning for the brand, the rest (pending, a network we cannot
 * ask, a network that did not answer) is neutral. The words are the server's (PostCheckView.message).
 */
export type CheckTone = "good" | "warning" | "neutral";

export const CHECK_TONES: Record<PostCheckState, CheckTone> = {
  verified: "good",
  not_found: "warning",
  other_account: "warning",
  before_hire: "warning",
  pending: "neutral",
  unverifiable: "neutral",
  unavailable: "neutral",
};

export const TONE_CLASSES: Record<CheckTone, string> = {
  good: "border-green-200 bg-green-50 text-green-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  neutral: "border-slate-200 bg-slate-50 text-slate-800",
};
