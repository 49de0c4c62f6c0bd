import { and, count, eq, isNull } from "drizzle-orm";
import { deals } from "../schema";
import type { SeedContext } from "./context";

/** The reason the demo's rejected campaigns were given: what a brand reads on a campaign the console rejected. */
export const DEMO_REJECTION_REASON =
  "The product link leads to a page that does not exist, and the brief asks for a giveaway without saying what is given.";

/**
 * The console's deals queue in the demo (issue 36): the deals plan already leaves some campaigns awaiting review (NONE)
 * and rejects some (KO); the rejected ones get the reason the console would have asked for, so that a brand's
 * rejected campaign reads as one rejected from the console. Checks that the queue is not empty.
 */
export async function seedConsoleDashboard(ctx: SeedContext): Promise<{ dealsAwaitingReview: number }> {
  await ctx.db
    .update(deals)
    .set({ reviewReason: DEMO_REJECTION_REASON })
    .where(and(eq(deals.reviewStatus, "KO"), isNull(deals.reviewReason)));
  const [waiting] = await ctx.db
    .select({ n: count() })
    .from(deals)
    .where(and(eq(deals.reviewStatus, "NONE"), isNull(deals.deletedAt)));
  if (!waiting || waiting.n === 0) throw new Error("the demo leaves no deal awaiting review");
  return { dealsAwaitingReview: waiting.n };
}
