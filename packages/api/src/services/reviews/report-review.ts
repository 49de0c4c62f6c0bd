import type { ReviewReportReason, ReviewSide } from "@market/contracts";
import { and, brandReviews, type Db, eq, feedback, reviewReports } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { isPublicAt } from "./review-rows";

/**
 * tRPC reviews.report (issue 40, point 3): any signed-in user reports a published review to the operator, with a
 * reason and a note; the console lists the reports (admin.console.reviews). A review not published (or hidden)
 * is not_found, as for one that does not exist: nobody learns of an unpublished review by reporting it. Once per
 * user and review: a second report is a conflict.
 */
export async function reportReview(
  deps: { db: Db; clock: Clock },
  reporterId: number,
  input: { applicationId: number; side: ReviewSide; reason: ReviewReportReason; note: string },
): Promise<{ id: number }> {
  const table = input.side === "of_brand" ? brandReviews : feedback;
  const [review] = await deps.db
    .select({ publishedAt: table.publishedAt, hiddenAt: table.hiddenAt })
    .from(table)
    .where(eq(table.applicationId, input.applicationId));
  if (!review || !isPublicAt(review, deps.clock.now())) fail("not_found");
  const [row] = await deps.db
    .insert(reviewReports)
    .values({
      applicationId: input.applicationId,
      side: input.side,
      reporterId,
      reason: input.reason,
      note: input.note,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  if (!row) fail("conflict");
  return row;
}

/** Whether a user already reported a review (for tests and the console). */
export async function reportsOf(db: Db, applicationId: number, side: ReviewSide) {
  return db
    .select()
    .from(reviewReports)
    .where(and(eq(reviewReports.applicationId, applicationId), eq(reviewReports.side, side)));
}
