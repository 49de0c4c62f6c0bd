import { reviewPublishedAt, reviewWindowClosesAt } from "@market/contracts";
import { and, brandReviews, eq, feedback, gt, type Tx } from "@market/db";
import { notify } from "../notifications/notify";

/**
 * The double blind at the moment one side writes (issue 40): the instant the new review is published at, and the
 * other side's review published now if it was waiting. The caller holds the application's row lock (both writes
 * take it), so of two writes at once the second sees the first and completes the pair: a pair is never left
 * waiting for the window's close with both written.
 *
 * Publication is stored (published_at) at the write: the pair's completion sets both to now, a lone review gets
 * the window's close, which no later write moves but the pair's completion. Reads compare it with their `now`, so
 * no sweep is needed for a lone review to appear when the window closes. The other party is told when the pair
 * completes (the notification of type feedback: "X left feedback on Y").
 */
export async function publishWithPair(
  tx: Tx,
  write: {
    side: "of_influencer" | "of_brand";
    application: { id: number; dealId: number; brandId: number; influencerId: number };
    moneyReleasedAt: Date;
    now: Date;
  },
): Promise<Date> {
  const { side, application, moneyReleasedAt, now } = write;
  const closesAt = reviewWindowClosesAt(moneyReleasedAt);
  const other = side === "of_influencer" ? brandReviews : feedback;
  const [waiting] = await tx
    .update(other)
    .set({ publishedAt: now })
    .where(and(eq(other.applicationId, application.id), gt(other.publishedAt, now)))
    .returning({ applicationId: other.applicationId });
  const [written] = waiting
    ? [waiting]
    : await tx.select({ id: other.applicationId }).from(other).where(eq(other.applicationId, application.id));
  const publishedAt = reviewPublishedAt(written ? now : null, closesAt);
  if (waiting) {
    // The side that wrote first learns that both reviews are public now.
    const [userId, senderId] =
      side === "of_influencer"
        ? [application.influencerId, application.brandId]
        : [application.brandId, application.influencerId];
    await notify(tx, [
      { userId, type: "feedback", applicationId: application.id, dealId: application.dealId, senderId, createdAt: now },
    ]);
  }
  return publishedAt;
}
