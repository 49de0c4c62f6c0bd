import type { ReviewSide } from "@market/contracts";
import { brandReviews, type Db, eq, feedback } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";

/**
 * `admin.console.reviews.hide` (issue 40, point 3): an admin hides a reported review (or shows it again). A hidden
 * review is in no list and no average; its row stays, for the record. not_found for a review that does not exist.
 */
export async function hideReview(
  deps: { db: Db; clock: Clock },
  input: { applicationId: number; side: ReviewSide; hidden: boolean },
): Promise<{ applicationId: number; hidden: boolean }> {
  const table = input.side === "of_brand" ? brandReviews : feedback;
  const [row] = await deps.db
    .update(table)
    .set({ hiddenAt: input.hidden ? deps.clock.now() : null })
    .where(eq(table.applicationId, input.applicationId))
    .returning({ applicationId: table.applicationId });
  if (!row) fail("not_found");
  return { applicationId: row.applicationId, hidden: input.hidden };
}
