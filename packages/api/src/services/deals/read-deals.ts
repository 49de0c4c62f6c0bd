import { brandBriefOf, type DealView } from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../../viewer";
import { ownApplicationOn, toOwnApplicationSummary } from "../applications/own-application";
import { dealViewsOf, influencerDealPage, liveCampaign, liveCampaignsOf, liveDeal, toDealView } from "./deal-view";

/** GET /api/deals: the brand's live campaigns, newest first (the list's tabs, counts and search work on it). */
export async function myCampaigns(deps: { db: Db; clock: Clock }, brandId: number): Promise<DealView[]> {
  return dealViewsOf(deps.clock.now(), await liveCampaignsOf(deps.db, { brandId }));
}

/**
 * GET /api/deals/{id}: the owner brand, an admin impersonating anyone (the review control), or an influencer.
 * An influencer reads any deal that is not deleted and not rejected (KO), whether open, paused or closed (the
 * page shows the closed state), with `application` = their own application to it, if any, and without the
 * applicant count (shown to an admin acting as them). Everyone else, like a deleted deal or an unknown id, gets
 * not_found.
 */
export async function getDeal(deps: { db: Db; clock: Clock }, viewer: Viewer, dealId: number): Promise<DealView> {
  const now = deps.clock.now();
  if (viewer.kind === "influencer" && viewer.impersonatorId === null) {
    const [row] = await influencerDealPage(deps.db, { dealId, influencerId: viewer.userId });
    if (!row) fail("not_found");
    const { applicants: _competition, ...shown } = toDealView(row.deal, row.author ?? "", 0, row.imageIds, now);
    return Object.assign(shown, {
      application: row.own && toOwnApplicationSummary(row.own, now),
      brand: brandBriefOf(row.deal.userId, row.reliability),
    });
  }
  const rows =
    viewer.impersonatorId === null
      ? await liveCampaign(deps.db, { dealId, brandId: viewer.userId })
      : await liveDeal(deps.db, { dealId });
  const [view] = dealViewsOf(now, rows);
  if (!view) fail("not_found");
  if (viewer.kind !== "influencer") return view;
  // An admin acting as an influencer also sees the applicant count.
  const application = await ownApplicationOn(deps.db, viewer.userId, dealId, now);
  // Object.assign onto a copy, not `{ ...view, application }` (docs/performance.md, "Spread first").
  return Object.assign({}, view, { application });
}
