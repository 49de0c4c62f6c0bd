import {
  type ApplicationFeedback,
  type ApplicationRole,
  type FeedbackPageView,
  type FeedbackState,
  reviewWindowClosesAt,
} from "@market/contracts";
import { type Application, type Db, deals, eq, type Feedback, type Tx, users } from "@market/db";
import type { Clock } from "../../../clock";
import { fail } from "../../../errors";
import { pictureUrl } from "../../files/picture-url";
import { brandReviewRowOf, brandReviewView, isPublicAt } from "../../reviews/review-rows";
import { effectiveStatus } from "../effective-status";
import { type ActingUser, applicationOfParty } from "../parties";
import { feedbackForInfluencer, feedbackRowOf, feedbackView, moneyReleasedAt } from "./feedback-rows";
import { type FeedbackStage, feedbackStage } from "./feedback-stage";

/** What the stage of an application's feedback depends on besides the application: its row, the money's release. */
interface FeedbackReads {
  row: Feedback | null;
  moneyReleasedAt: Date | null;
}

const stageFrom = (application: Application, now: Date, { row, moneyReleasedAt }: FeedbackReads) =>
  feedbackStage({ status: effectiveStatus(application, now).status, moneyReleasedAt, given: row !== null }, now);

/** The application's stage for feedback now, with its feedback row when given. */
export async function feedbackStageOf(db: Db | Tx, application: Application, now: Date) {
  const [releasedAt, row] = await Promise.all([moneyReleasedAt(db, application.id), feedbackRowOf(db, application.id)]);
  const reads = { row, moneyReleasedAt: releasedAt };
  return { stage: stageFrom(application, now, reads), ...reads };
}

/**
 * The application page's part of it, as each side may read it (ApplicationPageView.feedback), from the feedback row
 * and the money's release, which that page's statement reads (nothing before COMPLETE).
 */
export function applicationFeedback(
  application: Application,
  role: ApplicationRole,
  now: Date,
  reads: FeedbackReads,
): ApplicationFeedback | null {
  if (application.status !== "COMPLETE") return null;
  const { row } = reads;
  const stage = stageFrom(application, now, reads);
  if (row && role === "brand") {
    return {
      state: "given",
      feedback: feedbackView(row),
      publishedAt: row.publishedAt,
      published: isPublicAt(row, now),
    };
  }
  // Double blind (issue 40): the influencer reads it once published, never before (nor that it was written).
  if (row) {
    return isPublicAt(row, now)
      ? { state: "given", feedback: feedbackForInfluencer(row), publishedAt: row.publishedAt, published: true }
      : null;
  }
  if (role !== "brand") return null;
  return stageView(stage);
}

function stageView(stage: FeedbackStage): ApplicationFeedback | null {
  switch (stage.state) {
    case "open":
      return { state: "open" };
    case "not_yet":
      return { state: "not_yet", opensAt: stage.opensAt };
    case "closed":
      return { state: "closed" };
    default:
      return null;
  }
}

/** The page's state: before COMPLETE it is not yet, and a DENIED application never opens. */
const PAGE_STATE: Record<FeedbackStage["state"], FeedbackState> = {
  pending: "not_yet",
  never: "not_yet",
  not_yet: "not_yet",
  open: "open",
  given: "given",
  closed: "closed",
};

/**
 * GET /api/applications/{id}/feedback (spec sections 2 and 7): the feedback page's data, for the application's
 * brand (an admin acting as it included). The influencer is forbidden (the page is the brand's); anyone else
 * gets not_found, as for an unknown id.
 */
export async function getFeedback(
  deps: { db: Db; clock: Clock },
  actor: ActingUser,
  input: { id: number },
): Promise<FeedbackPageView> {
  const now = deps.clock.now();
  const { application, role } = await applicationOfParty(deps.db, actor, input.id);
  if (role !== "brand") fail("forbidden");
  const [{ stage, row, moneyReleasedAt }, review, [parties]] = await Promise.all([
    feedbackStageOf(deps.db, application, now),
    brandReviewRowOf(deps.db, application.id),
    deps.db
      .select({ title: deals.title, username: users.username, picture: users.picture })
      .from(deals)
      .innerJoin(users, eq(users.id, application.influencerId))
      .where(eq(deals.id, application.dealId)),
  ]);
  if (!parties) throw new Error(`application ${application.id} has no deal or influencer`);
  return {
    applicationId: application.id,
    deal: { id: application.dealId, title: parties.title },
    influencer: { id: application.influencerId, username: parties.username, picture: pictureUrl(parties.picture) },
    moneyReleasedAt,
    opensAt: stage.state === "open" || stage.state === "not_yet" ? stage.opensAt : null,
    state: PAGE_STATE[stage.state],
    feedback: row ? feedbackView(row) : null,
    closesAt: moneyReleasedAt ? reviewWindowClosesAt(moneyReleasedAt) : null,
    publishedAt: row?.publishedAt ?? null,
    published: row !== null && isPublicAt(row, now),
    // Double blind (issue 40): the influencer's review of the brand once published only.
    review: review && isPublicAt(review, now) ? brandReviewView(review, now) : null,
  };
}
