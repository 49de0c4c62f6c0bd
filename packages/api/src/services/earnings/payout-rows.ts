import { PAYOUT_METHOD_LABELS, type TransactionView } from "@market/contracts";
import { and, type Db, desc, eq, inArray, type Placeholders, payouts, preparedShapes, sql } from "@market/db";
import { afterKeyAs, type KeyRelation, keyRelation, type MoneyKey, microsOf } from "./keyset";

/** A row of the earnings list with its place in the keyset. */
export interface KeyedTransaction {
  key: MoneyKey;
  view: TransactionView;
}

/**
 * Ranks in the keyset, above the payments' 0: at the same microsecond a payout's return lists above the payout, and
 * a payout above a payment, so newest first stays true even to the microsecond.
 */
export const PAYOUT_RANK = 1;
export const PAYOUT_RETURN_RANK = 2;

const GAVE_BACK = ["failed", "cancelled"] as const;

/** A walk's values: whose payouts, the cursor's key (0 on the first page) and how many rows. */
type WalkValues = { userId: number; micros: number; afterId: number; limit: number };

const walkValues = (userId: number, key: MoneyKey | null, limit: number): WalkValues => ({
  userId,
  micros: key?.micros ?? 0,
  afterId: key?.id ?? 0,
  limit,
});

/** The payout debits' walk: one prepared statement per key relation. */
const payoutStatement = preparedShapes(
  "earnings_payouts",
  (relation: KeyRelation) => relation,
  (db, relation, values: Placeholders<WalkValues>) =>
    db
      .select({ payout: payouts, micros: microsOf(payouts.requestedAt) })
      .from(payouts)
      .where(
        and(
          eq(payouts.userId, values.userId),
          afterKeyAs(relation, { micros: values.micros, id: values.afterId }, payouts.requestedAt, payouts.id),
        ),
      )
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(values.limit),
);

/**
 * The payout debits, one per payout, dated when requested: that is when the money left the balance (money.md:
 * influencer -A), whatever became of it later.
 */
export async function payoutRows(
  db: Db,
  userId: number,
  key: MoneyKey | null,
  limit: number,
): Promise<KeyedTransaction[]> {
  const rows = await payoutStatement(db, keyRelation(key, PAYOUT_RANK), walkValues(userId, key, limit));
  return rows.map(({ payout, micros }) => ({
    key: { micros: Number(micros), rank: PAYOUT_RANK, id: payout.id },
    view: payoutView(payout),
  }));
}

// A cancelled payout may have no failure date; it gave its money back when last updated.
const returnedAt = sql<Date>`coalesce(${payouts.failedAt}, ${payouts.updatedAt})`;

/** The payout returns' walk: one prepared statement per key relation. */
const payoutReturnStatement = preparedShapes(
  "earnings_payout_returns",
  (relation: KeyRelation) => relation,
  (db, relation, values: Placeholders<WalkValues>) =>
    db
      .select({ payout: payouts, micros: microsOf(returnedAt) })
      .from(payouts)
      .where(
        and(
          eq(payouts.userId, values.userId),
          inArray(payouts.status, [...GAVE_BACK]),
          afterKeyAs(relation, { micros: values.micros, id: values.afterId }, returnedAt, payouts.id),
        ),
      )
      .orderBy(desc(returnedAt), desc(payouts.id))
      .limit(values.limit),
);

/**
 * The credits of payouts that failed (or were cancelled), one each, dated when they failed: money.md's
 * `payouts:pending -A, influencer +A`. With them the list tells what the ledger did (the money left, then came
 * back), so the signed amounts add up to the balance. Failed payouts are few: the (user, requested) index finds the
 * user's, the rest is a filter.
 */
export async function payoutReturnRows(
  db: Db,
  userId: number,
  key: MoneyKey | null,
  limit: number,
): Promise<KeyedTransaction[]> {
  const rows = await payoutReturnStatement(db, keyRelation(key, PAYOUT_RETURN_RANK), walkValues(userId, key, limit));
  return rows.map(({ payout, micros }) => {
    const returned = (payout.failedAt ?? payout.updatedAt).toISOString();
    return {
      key: { micros: Number(micros), rank: PAYOUT_RETURN_RANK, id: payout.id },
      view: {
        ...payoutView(payout),
        id: `payout-return-${payout.id}`,
        type: "payout-return",
        diffType: "credit",
        date: returned,
        // Back in the balance the moment it failed.
        releaseDate: returned,
        released: true,
        status: "returned",
      },
    } satisfies KeyedTransaction;
  });
}

type PayoutRow = typeof payouts.$inferSelect;

function payoutView(row: PayoutRow): TransactionView {
  const paid = row.status === "paid" && row.releaseDate !== null;
  const failed = (GAVE_BACK as readonly string[]).includes(row.status);
  return {
    id: `payout-${row.id}`,
    type: "payout",
    diffType: "debit",
    amountCents: row.amountCents,
    feesPercent: 0,
    amountNoFeesCents: row.amountCents,
    date: row.requestedAt.toISOString(),
    releaseDate: paid ? (row.releaseDate?.toISOString() ?? null) : null,
    released: paid,
    refundDate: null,
    usageRights: [],
    // Spec section 4: processing until its release date is set; a failed one has its return listed beside it.
    status: paid ? "paid" : failed ? "failed" : "processing",
    info: { deal: null, applicationId: null, method: row.method, payoutId: row.id },
  };
}

/** A payout row's description in the statement, worded as the earnings page words it (en.json EARNINGS.PAYOUT_*). */
export function payoutDescription(view: TransactionView): string {
  const method = view.info.method ? PAYOUT_METHOD_LABELS[view.info.method] : "";
  return view.type === "payout-return" ? `Payout by ${method} failed: money returned` : `Payout by ${method}`;
}
