import { type EarningsPage, hireMoneyState, MONEY_LIST_PAGE_SIZE, type MoneyListInput } from "@market/contracts";
import { and, applications, type Db, deals, desc, eq, isNotNull } from "@market/db";
import type { Viewer } from "../auth/sessions";
import { hiredPrices, influencerAmount, releasedCredits } from "./hire-figures";
import { afterKey, byKeyDescending, decodeKey, encodeKey, type MoneyKey, microsOf } from "./keyset";
import { type KeyedTransaction as Keyed, payoutReturnRows, payoutRows } from "./payout-rows";

/** The payments' rank in the keyset, below the payouts' (payout-rows.ts). */
const PAYMENT_RANK = 0;

/**
 * GET /api/earnings (spec section 3 Transaction; money.md): the influencer's i-payment credits (one per paid
 * application, dated when the brand paid; a refunded one stays, `refunded` with its refundDate: never earned) and
 * payout debits (one per payout, dated when requested), and, for each failed payout, the credit of its money coming
 * back (dated when it failed; payout-rows.ts), newest first. Each source is walked by its index
 * (applications_influencer_paid_idx, payouts_user_requested_idx) for one page more than asked; the three are merged
 * in memory, and the figures of the page's payments come in two more queries (hired prices, release credits): five
 * queries a page, whatever its size.
 */
export async function listEarnings(
  db: Db,
  viewer: Viewer,
  input: MoneyListInput,
  pageSize: number = MONEY_LIST_PAGE_SIZE,
): Promise<EarningsPage> {
  const key = decodeKey(input.cursor);
  const [payments, withdrawals, returns] = await Promise.all([
    paymentRows(db, viewer.userId, key, pageSize + 1),
    payoutRows(db, viewer.userId, key, pageSize + 1),
    payoutReturnRows(db, viewer.userId, key, pageSize + 1),
  ]);
  const merged = [...payments, ...withdrawals, ...returns].sort((a, b) => byKeyDescending(a.key, b.key));
  const page = merged.slice(0, pageSize);
  const paymentIds = page.flatMap((row) => (row.view.info.payoutId === null ? [row.key.id] : []));
  const [prices, credits] = await Promise.all([
    hiredPrices(db, paymentIds),
    releasedCredits(db, viewer.userId, paymentIds),
  ]);
  const items = page.map(({ key: rowKey, view }) => {
    if (view.type !== "i-payment") return view;
    const priceCents = prices.get(rowKey.id) ?? 0;
    return {
      ...view,
      amountCents: priceCents,
      amountNoFeesCents: influencerAmount(priceCents, view.feesPercent, credits.get(rowKey.id)),
    };
  });
  const last = page.at(-1);
  return { items, nextCursor: merged.length > pageSize && last ? encodeKey(last.key) : null };
}

async function paymentRows(db: Db, influencerId: number, key: MoneyKey | null, limit: number): Promise<Keyed[]> {
  const rows = await db
    .select({
      id: applications.id,
      micros: microsOf(applications.paidAt),
      paidAt: applications.paidAt,
      moneyReleaseDate: applications.moneyReleaseDate,
      releasedAt: applications.releasedAt,
      refundedAt: applications.refundedAt,
      feePercent: applications.feeInfluencerPercent,
      dealId: deals.id,
      dealTitle: deals.title,
    })
    .from(applications)
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .where(
      and(
        eq(applications.influencerId, influencerId),
        isNotNull(applications.paidAt),
        afterKey(key, PAYMENT_RANK, applications.paidAt, applications.id),
      ),
    )
    .orderBy(desc(applications.paidAt), desc(applications.id))
    .limit(limit);
  return rows.map((row) => ({
    key: { micros: Number(row.micros), rank: PAYMENT_RANK, id: row.id },
    view: {
      id: `payment-${row.id}`,
      type: "i-payment",
      diffType: "credit",
      // Filled from the page's hired prices and release credits.
      amountCents: 0,
      feesPercent: row.feePercent ?? 0,
      amountNoFeesCents: 0,
      date: (row.paidAt as Date).toISOString(),
      // Once released, the day the money was released (a brand may release before the countdown ends); until then
      // the day the countdown ends, if the work is marked done; never, once refunded.
      releaseDate: row.refundedAt ? null : ((row.releasedAt ?? row.moneyReleaseDate)?.toISOString() ?? null),
      released: row.releasedAt !== null,
      refundDate: row.refundedAt?.toISOString() ?? null,
      status: hireMoneyState(row),
      info: { deal: { id: row.dealId, title: row.dealTitle }, applicationId: row.id, method: null, payoutId: null },
    },
  }));
}
