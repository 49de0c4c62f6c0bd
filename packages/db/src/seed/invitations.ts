import { invitations } from "../schema";
import { canApply } from "./application-plan";
import type { SeededApplication } from "./applications";
import { insertRows } from "./batch";
import type { SeedContext } from "./context";
import type { SeededDeal } from "./deals";
import type { SeededInfluencer } from "./influencers";

export interface SeededInvitation {
  deal: SeededDeal;
  influencer: SeededInfluencer;
  createdAt: Date;
}

/**
 * Brands invite influencers to open, approved campaigns (an unapproved one may refuse invitations).
 * Some applicants came through an invitation; the demo influencer has invitations it has not answered.
 */
export async function seedInvitations(
  ctx: SeedContext,
  deals: readonly SeededDeal[],
  influencers: readonly SeededInfluencer[],
  applications: readonly SeededApplication[],
): Promise<SeededInvitation[]> {
  const rng = ctx.random("invitations");
  const applied = new Set(
    applications.map((application) => `${application.row.dealId}:${application.row.influencerId}`),
  );
  const invitable = deals.filter((deal) => deal.status === "open" && deal.reviewStatus === "OK");
  const seeded: SeededInvitation[] = [];
  const invite = (deal: SeededDeal, influencer: SeededInfluencer, ago: number) =>
    seeded.push({ deal, influencer, createdAt: ctx.clock.ago(ago, deal.anchor) });

  const demo = influencers.find((influencer) => influencer.isDemo);
  const unanswered = (influencer: SeededInfluencer) =>
    rng.shuffle(invitable.filter((deal) => canApply(influencer, deal) && !applied.has(`${deal.id}:${influencer.id}`)));
  if (demo) {
    const open = unanswered(demo);
    for (const deal of [open.find((d) => d.brand.isDemo), open.find((d) => !d.brand.isDemo)]) {
      if (deal) invite(deal, demo, rng.between(0.001, deal.createdAgo));
    }
  }
  const others = influencers.filter((influencer) => !influencer.isDemo);
  for (const deal of invitable) {
    const pool = others.filter(
      (influencer) => canApply(influencer, deal) && !applied.has(`${deal.id}:${influencer.id}`),
    );
    for (const influencer of rng.sample(pool, rng.int(0, 3)))
      invite(deal, influencer, rng.between(0.001, deal.createdAgo));
  }
  for (const application of applications) {
    const { deal, influencer, timeline } = application.planned;
    if (!influencer.isDemo && rng.chance(0.15))
      invite(deal, influencer, rng.between(timeline.createdAgo, deal.createdAgo));
  }

  await insertRows(
    ctx.db,
    invitations,
    seeded.map(({ deal, influencer, createdAt }) => ({
      dealId: deal.id,
      influencerId: influencer.id,
      brandId: deal.brand.id,
      createdAt,
    })),
  );
  return seeded;
}
