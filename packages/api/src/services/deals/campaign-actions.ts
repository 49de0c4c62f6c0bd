import { computeDealStatus, type DealView } from "@market/contracts";
import { applications, type Db, deals, eq } from "@market/db";
import type { Clock } from "../../clock";
import { fail } from "../../errors";
import { lockOwnDeal } from "./campaign-rules";
import { loadDealViews } from "./deal-view";

type Deps = { db: Db; clock: Clock };

async function viewOf(deps: Deps, dealId: number): Promise<DealView> {
  const [view] = await loadDealViews(deps.db, deps.clock.now(), eq(deals.id, dealId));
  if (!view) fail("not_found");
  return view;
}

/**
 * Pause (paused true) or resume (paused false), spec section 4: only an open deal pauses and only a paused one
 * resumes; a closed deal does neither (reason closed), and asking for the state the deal is already in is a
 * stale screen (reason conflict). The row lock makes a double click run once and fail once.
 */
async function setPaused(deps: Deps, brandId: number, dealId: number, paused: boolean): Promise<DealView> {
  await deps.db.transaction(async (tx) => {
    const deal = await lockOwnDeal(tx, brandId, dealId);
    const now = deps.clock.now();
    const status = computeDealStatus(deal, now);
    if (status === "closed") fail("closed");
    if (deal.paused === paused) fail("conflict");
    await tx.update(deals).set({ paused, updatedAt: now }).where(eq(deals.id, dealId));
  });
  return viewOf(deps, dealId);
}

/** POST /api/campaigns/{id}/pause. */
export const pauseCampaign = (deps: Deps, brandId: number, dealId: number) => setPaused(deps, brandId, dealId, true);

/** POST /api/campaigns/{id}/resume. */
export const resumeCampaign = (deps: Deps, brandId: number, dealId: number) => setPaused(deps, brandId, dealId, false);

/**
 * POST /api/campaigns/{id}/delete: only a campaign nobody applied to (any application, whatever its status).
 * The deal is soft-deleted (deleted_at) so that nothing pointing at it breaks; it leaves every list and read.
 */
export async function removeCampaign(deps: Deps, brandId: number, dealId: number): Promise<{ id: number }> {
  return deps.db.transaction(async (tx) => {
    await lockOwnDeal(tx, brandId, dealId);
    const [applicant] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.dealId, dealId))
      .limit(1);
    if (applicant) fail("has_applicants");
    await tx.update(deals).set({ deletedAt: deps.clock.now() }).where(eq(deals.id, dealId));
    return { id: dealId };
  });
}
