import type { ReviewSide } from "@market/contracts";
import { and, brandReviews, type Db, eq, feedback, isNotNull, isNull } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { auditAdminAction } from "../../admin/audit";

/**
 * `admin.console.reviews.hide` (issue 40, point 3): an admin hides a reported review (or shows it again), with a
 * reason the audit log keeps (`review_hide`, `review_show`, on the application, in the same transaction). A hidden
 * review is in no list and no average; its row stays, for the record. not_found for a review that does not exist;
 * conflict when it is already as asked (another admin was first), so that the log holds only what changed.
 */
export async function hideReview(
  deps: { db: Db; clock: Clock },
  adminId: number,
  input: { applicationId: number; side: ReviewSide; hidden: boolean; reason: string },
): Promise<{ applicationId: number; hidden: boolean }> {
  const table = input.side === "of_brand" ? brandReviews : feedback;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ hiddenAt: input.hidden ? now : null })
      .where(
        and(
          eq(table.applicationId, input.applicationId),
          input.hidden ? isNull(table.hiddenAt) : isNotNull(table.hiddenAt),
        ),
      )
      .returning({ applicationId: table.applicationId });
    if (!row) {
      const [exists] = await tx
        .select({ applicationId: table.applicationId })
        .from(table)
        .where(eq(table.applicationId, input.applicationId));
      if (!exists) fail("not_found");
      fail("conflict", input.hidden ? "This review is hidden already." : "This review shows already.");
    }
    await auditAdminAction(tx, {
      adminId,
      impersonatedUserId: null,
      action: input.hidden ? "review_hide" : "review_show",
      targetType: "application",
      targetId: input.applicationId,
      details: { side: input.side },
      reason: input.reason,
      at: now,
    });
    return { applicationId: row.applicationId, hidden: input.hidden };
  });
}
