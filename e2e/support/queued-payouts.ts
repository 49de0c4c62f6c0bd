import { ok } from "./envelope";
import type { TestUser, Users } from "./users";

/**
 * A payout of the influencer's own in the console's payouts queue (issue 36, point 2), so that a spec of the queue
 * depends on no seeded payout: money earned the way users earn it (a brand of its own hires the influencer and
 * releases, users.hire), then a $20 PayPal payout of it put in the state asked through POST /api/test/payouts
 * (failed: PayPal could not complete it, the money back in the balance; stuck: sent two days ago, never answered).
 * Its id.
 */
export async function queuedPayout(users: Users, influencer: TestUser, state: "failed" | "stuck"): Promise<number> {
  const brand = await users.create("brand", { campaigns: [{ title: `Payout queue ${state}` }] });
  await users.hire(brand, influencer, { released: true });
  const { id } = await ok<{ id: number }>(
    influencer.api.post("/api/test/payouts", { data: { influencerId: influencer.id, state } }),
    `the ${state} payout`,
  );
  return id;
}
