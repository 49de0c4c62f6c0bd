import type { FeedbackFields, FeedbackView } from "@market/contracts";
import { type Db, feedback } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { notify } from "../../notifications/notify";
import { type ActingUser, applicationOfParty } from "../parties";
import { feedbackView } from "./feedback-rows";
import { REFUSAL_OF } from "./feedback-stage";
import { feedbackStageOf } from "./get-feedback";

/**
 * POST /api/applications/{id}/feedback (spec sections 3, 4 and 7): the brand's feedback on a COMPLETE hire, once
 * its money_released message is more than 7 days old, once. An admin acting as the brand may give it (spec
 * section 6), recorded as the impersonator. Refusals: not_found to anyone not a party, forbidden to the influencer,
 * not_allowed_yet before COMPLETE or before the 7 days, closed on a DENIED application, conflict once given. The
 * influencer is notified.
 *
 * No row lock: COMPLETE is final, so the stage read cannot change under the insert but by another feedback, and the
 * primary key (one per application) turns the slower of two at once into a conflict.
 */
export async function leaveFeedback(
  deps: { db: Db; clock: Clock },
  actor: ActingUser,
  input: FeedbackFields & { id: number },
): Promise<FeedbackView> {
  const now = deps.clock.now();
  const { application, role } = await applicationOfParty(deps.db, actor, input.id);
  if (role !== "brand") fail("forbidden");
  const { stage } = await feedbackStageOf(deps.db, application, now);
  const refusal = REFUSAL_OF[stage.state];
  if (refusal) fail(refusal);

  return deps.db.transaction(async (tx) => {
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
      })
      .onConflictDoNothing({ target: feedback.applicationId })
      .returning();
    if (!row) fail("conflict");
    await notify(tx, [
      {
        userId: application.influencerId,
        type: "feedback",
        applicationId: application.id,
        dealId: application.dealId,
        senderId: application.brandId,
        createdAt: now,
      },
    ]);
    return feedbackView(row);
  });
}
