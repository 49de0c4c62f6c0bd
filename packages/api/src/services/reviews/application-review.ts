import type { ApplicationReview, ApplicationRole } from "@market/contracts";
import type { Application, BrandReview } from "@market/db";
import { effectiveStatus } from "../applications/effective-status";
import { brandReviewView, isPublicAt } from "./review-rows";
import { reviewStage } from "./review-stage";

/**
 * The application page's part of the influencer's review of the brand (ApplicationPageView.review), from the
 * review's row and the money's release, which that page's statement reads: the influencer's stage (open until
 * when, or what they wrote), the brand's reading once published. null before COMPLETE.
 */
export function applicationReview(
  application: Application,
  role: ApplicationRole,
  now: Date,
  reads: { row: BrandReview | null; moneyReleasedAt: Date | null },
): ApplicationReview | null {
  if (application.status !== "COMPLETE") return null;
  const { row, moneyReleasedAt } = reads;
  // Double blind: the brand reads it once published, never before (nor that it was written).
  if (role === "brand")
    return row && isPublicAt(row, now) ? { state: "given", review: brandReviewView(row, now) } : null;
  if (row) return { state: "given", review: brandReviewView(row, now) };
  const stage = reviewStage({ status: effectiveStatus(application, now).status, moneyReleasedAt, given: false }, now);
  switch (stage.state) {
    case "open":
      return { state: "open", closesAt: stage.closesAt };
    case "closed":
      return { state: "closed" };
    case "not_yet":
      return { state: "not_yet" };
    default:
      return null;
  }
}
