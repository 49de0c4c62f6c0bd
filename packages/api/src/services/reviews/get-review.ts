import { type ReviewPageView, type ReviewState, reviewWindowClosesAt } from "@market/contracts";
import { brandProfiles, type Db, deals, eq, users } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { accountNameSql } from "../account/account-name";
import { effectiveStatus } from "../applications/effective-status";
import { moneyReleasedAt } from "../applications/feedback/feedback-rows";
import { type ActingUser, applicationOfParty } from "../applications/parties";
import { pictureUrl } from "../files/picture-url";
import { brandReviewRowOf, brandReviewView } from "./review-rows";
import { type ReviewStage, reviewStage } from "./review-stage";

/** The page's state: before COMPLETE it is not yet, and a DENIED application never opens. */
const PAGE_STATE: Record<ReviewStage["state"], ReviewState> = {
  pending: "not_yet",
  never: "not_yet",
  not_yet: "not_yet",
  open: "open",
  given: "given",
  closed: "closed",
};

/**
 * GET /api/applications/{id}/review (issue 40): the influencer's review page, for the application's influencer (an
 * admin acting as them included). The brand is forbidden (it reads the review once published, on its feedback
 * page and the application page); anyone else gets not_found, as for an unknown id.
 */
export async function getReview(
  deps: { db: Db; clock: Clock },
  actor: ActingUser,
  input: { id: number },
): Promise<ReviewPageView> {
  const now = deps.clock.now();
  const { application, role } = await applicationOfParty(deps.db, actor, input.id);
  if (role !== "influencer") fail("forbidden");
  const [releasedAt, row, [parties]] = await Promise.all([
    moneyReleasedAt(deps.db, application.id),
    brandReviewRowOf(deps.db, application.id),
    deps.db
      .select({
        title: deals.title,
        name: accountNameSql(brandProfiles.brandName, users.username),
        picture: users.picture,
      })
      .from(deals)
      .innerJoin(users, eq(users.id, application.brandId))
      .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
      .where(eq(deals.id, application.dealId)),
  ]);
  if (!parties) throw new Error(`application ${application.id} has no deal or brand`);
  const stage = reviewStage(
    { status: effectiveStatus(application, now).status, moneyReleasedAt: releasedAt, given: row !== null },
    now,
  );
  return {
    applicationId: application.id,
    deal: { id: application.dealId, title: parties.title },
    brand: { id: application.brandId, name: parties.name, picture: pictureUrl(parties.picture) },
    state: PAGE_STATE[stage.state],
    closesAt: releasedAt ? reviewWindowClosesAt(releasedAt) : null,
    review: row ? brandReviewView(row, now) : null,
  };
}
