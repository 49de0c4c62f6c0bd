import type { DealView } from "@market/contracts";
import { and, type Db, deals, eq, isNull } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import type { Viewer } from "../auth/sessions";
import { loadDealViews } from "./deal-view";

/** GET /api/deals: the brand's live campaigns, newest first (the list's tabs, counts and search work on it). */
export function myCampaigns(deps: { db: Db; clock: Clock }, brandId: number): Promise<DealView[]> {
  return loadDealViews(deps.db, deps.clock.now(), and(eq(deals.userId, brandId), isNull(deals.deletedAt)));
}

/**
 * GET /api/deals/{id}: the owner brand, or an admin impersonating anyone (the review control). Everyone else,
 * like a deleted deal or an unknown id, gets not_found. Influencers read open approved deals through the deal
 * search's own read.
 */
export async function readDeal(deps: { db: Db; clock: Clock }, viewer: Viewer, dealId: number): Promise<DealView> {
  const [view] = await loadDealViews(
    deps.db,
    deps.clock.now(),
    and(
      eq(deals.id, dealId),
      isNull(deals.deletedAt),
      viewer.impersonatorId === null ? eq(deals.userId, viewer.userId) : undefined,
    ),
  );
  if (!view) fail("NOT_FOUND", "not_found");
  return view;
}
