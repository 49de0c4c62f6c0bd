import type { FeedbackFields, FeedbackView } from "@market/contracts";
import { type Db, feedback } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { publishWithPair } from "../../reviews/publish-pair";
import { type ActingUser, applicationOfParty } from "../parties";
import { feedbackView } from "./feedback-rows";
import { REFUSAL_OF } from "./feedback-stage";
import { feedbackStageOf } from "./get-feedback";

/**
 * POST /api/applications/{id}/feedback (spec sections 3, 4 and 7): the brand's feedback on a COMPLETE hire, once
 * its money_released message is more than 7 days old, once. An admin acting as the brand may give it (spec
 * section 6), recorded as the impersonator. Refusals: not_found to anyone not a party, forbidden to the influencer,
 * not_allowed_yet before COMPLETE or before the 7 days, closed on a DENIED application or once the reviews' window
 * has closed (issue 40), conflict once given.
 *
 * Double blind (issue 40): in one transaction holding the application's row, as the influencer's review of the
 * brand does (publishWithPair): published now with that review if it was written (the influencer is told), else at
 * the window's close. The primary key (one per application) still turns the slower of two at once into a conflict.
 */
export async function leaveFeedback(
  deps: { db: Db; clock: Clock },
  actor: ActingUser,
  input: FeedbackFields & { id: number },
): Promise<FeedbackView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { application, role } = await applicationOfParty(tx, actor, input.id, "no key update");
    if (role !== "brand") fail("forbidden");
    const { stage, moneyReleasedAt } = await feedbackStageOf(tx, application, now);
    const refusal = REFUSAL_OF[stage.state];
    if (refusal || !moneyReleasedAt) return fail(refusal ?? "not_allowed_yet");

    const publishedAt = await publishWithPair(tx, { side: "of_influencer", application, moneyReleasedAt, now });
    const [row] = await tx
      .insert(feedback)
      .values({
        applicationId: application.id,
        influencerId: application.influencerId,
        ratingContent: input.rating.content,
        ratingAvailability: input.rating.availability,
        ratingCommunication: input.rating.communication,
        ratingCooperation: input.rating.cooperation,
        ratingSchedule: input.rating.schedule,
        iComment: input.iComment,
        workAgain: input.workAgain,
        droveAction: input.droveAction,
        roi: input.roi,
        rComment: input.rComment,
        allowUse: input.allowUse,
        impersonatorId: actor.impersonatorId,
        createdAt: now,
        publishedAt,
      })
      .onConflictDoNothing({ target: feedback.applicationId })
      .returning();
    if (!row) fail("conflict");
    return feedbackView(row);
  });
}
