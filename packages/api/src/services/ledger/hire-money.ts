import { influencerNetCents } from "@market/contracts";
import { type Application, and, applicationPrices, eq, sum, type Tx } from "@market/db";
import { ledgerAccount } from "./accounts";
import { accountBalance } from "./balance";
import type { HireMoney } from "./movements";

/**
 * The figures of a paid hire (money.md), read in the transaction that moves its money: B is what the brand paid
 * (paid_amount_cents), I = round(P * (100 - fees.i) / 100) over the hired networks' prices P and the influencer fee
 * fixed at accept. The escrow must hold B once paid, and nothing while the payment itself is being posted
 * (`escrow: "empty"`): anything else is a bug, refused here rather than moving money that is not there.
 */
export async function hireMoneyOf(
  tx: Tx,
  application: Application,
  escrow: "paid" | "empty" = "paid",
): Promise<HireMoney> {
  // The two reads are independent: sent together, they wait for one round trip.
  const [[hired], held] = await Promise.all([
    tx
      .select({ cents: sum(applicationPrices.priceCents).mapWith(Number) })
      .from(applicationPrices)
      .where(and(eq(applicationPrices.applicationId, application.id), eq(applicationPrices.hired, true))),
    accountBalance(tx, ledgerAccount.escrow(application.id)),
  ]);
  const priceCents = hired?.cents ?? 0;
  const feePercent = application.feeInfluencerPercent;
  const brandCents = application.paidAmountCents;
  if (priceCents <= 0 || feePercent === null || brandCents <= 0) {
    throw new Error(`application ${application.id} has no paid hire (price ${priceCents}, paid ${brandCents})`);
  }
  const expected = escrow === "paid" ? brandCents : 0;
  if (held !== expected) {
    throw new Error(`application ${application.id}: escrow holds ${held} cents, not ${expected} (paid ${brandCents})`);
  }
  return {
    applicationId: application.id,
    influencerId: application.influencerId,
    brandCents,
    influencerCents: influencerNetCents(priceCents, feePercent),
  };
}
