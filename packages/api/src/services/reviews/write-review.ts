import type { BrandReviewFields, BrandReviewView } from "@market/contracts";
import { brandReviews, type Db } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { effectiveStatus } from "../applications/effective-status";
import { moneyReleasedAt } from "../applications/feedback/feedback-rows";
import { type ActingUser, applicationOfParty } from "../applications/parties";
import { publishWithPair } from "./publish-pair";
import { brandReviewRowOf, brandReviewView } from "./review-rows";
import { REVIEW_REFUSAL_OF, reviewStage } from "./review-stage";

/**
 * POST /api/applications/{id}/review (issue 40, point 3): the influencer's review of the brand on a COMPLETE hire,
 * from the release until the reviews' window closes, once. An admin acting as the influencer may write it,
 * recorded as the impersonator. Refusals: not_found to anyone not a party, forbidden to the brand, not_allowed_yet
 * before COMPLETE, closed on a DENIED application or after the window, conflict once written.
 *
 * In one transaction holding the application's row (publishWithPair): published now with the brand's feedback if
 * that was written, else at the window's close.
 */
export async function writeReview(
  deps: { db: Db; clock: Clock },
  actor: ActingUser,
  input: BrandReviewFields & { id: number },
): Promise<BrandReviewView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { application, role } = await applicationOfParty(tx, actor, input.id, "no key update");
    if (role !== "influencer") fail("forbidden");
    const [releasedAt, written] = [
      await moneyReleasedAt(tx, application.id),
      await brandReviewRowOf(tx, application.id),
    ];
    const stage = reviewStage(
      { status: effectiveStatus(application, now).status, moneyReleasedAt: releasedAt, given: written !== null },
      now,
    );
    const refusal = REVIEW_REFUSAL_OF[stage.state];
    if (refusal || !releasedAt) return fail(refusal ?? "not_allowed_yet");

    const publishedAt = await publishWithPair(tx, { side: "of_brand", application, moneyReleasedAt: releasedAt, now });
    const [row] = await tx
      .insert(brandReviews)
      .values({
        applicationId: application.id,
        brandId: application.brandId,
        influencerId: application.influencerId,
        ratingBrief: input.rating.brief,
        ratingCommunication: input.rating.communication,
        ratingPayment: input.rating.payment,
        ratingFairness: input.rating.fairness,
        text: input.text,
        impersonatorId: actor.impersonatorId,
        createdAt: now,
        publishedAt,
      })
      .onConflictDoNothing({ target: brandReviews.applicationId })
      .returning();
    if (!row) fail("conflict");
    return brandReviewView(row, now);
  });
}
