import { PAYOUTS_PAGE_SIZE, type PayoutListInput, type PayoutPage, type PayoutView } from "@market/contracts";
import { and, type Db, desc, eq, lt, payouts, type SQL, sql } from "@market/db";
import { fail, failInvalidCursor } from "../../errors";
import type { Viewer } from "../../viewer";
import { payoutView } from "./payout-view";

/**
 * GET /api/earnings/payouts: the influencer's payouts for the tracker, newest first, PAYOUTS_PAGE_SIZE a page,
 * paged by id (ids grow with requests; the cursor is the last id shown). Uses payouts_user_requested_idx's user_id
 * prefix, each payout's retry probed in the same statement (payouts_retry_of_idx; no N+1).
 */
/** The cursor is the last id shown; anything else is `invalid` on the cursor. */
function beforeId(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(cursor) ? Number(cursor) : failInvalidCursor();
}

export async function listPayouts(db: Db, viewer: Viewer, input: PayoutListInput): Promise<PayoutPage> {
  const before = beforeId(input.cursor);
  const rows = await db
    .select({ payout: payouts, retriedBy: retriedBySql() })
    .from(payouts)
    .where(and(eq(payouts.userId, viewer.userId), before === null ? undefined : lt(payouts.id, before)))
    .orderBy(desc(payouts.id))
    .limit(PAYOUTS_PAGE_SIZE + 1);
  const page = rows.slice(0, PAYOUTS_PAGE_SIZE);
  return {
    items: page.map((row) => payoutView(row.payout, row.retriedBy)),
    nextCursor: rows.length > PAYOUTS_PAGE_SIZE ? String(page.at(-1)?.payout.id) : null,
  };
}

/**
 * The retry of the row's payout (`payouts` in the statement's FROM), or null: a probe of payouts_retry_of_idx (a
 * payout has one retry at most), in the page's own statement.
 */
const retriedBySql = (): SQL<number | null> =>
  // The outer id named in full: in a single-table select drizzle writes its columns unqualified, and a bare "id"
  // here would be the retry's own.
  sql<number | null>`(select retry.id from ${payouts} retry
    where retry.retry_of_payout_id = ${payouts}.${sql.identifier(payouts.id.name)})`.mapWith((value: unknown) =>
    value === null ? null : Number(value),
  );

/**
 * GET /api/earnings/payouts/{id}: one payout of the influencer as the tracker shows it (the retry page opened from a
 * link may name a payout older than the tracker's first page); another user's payout is not_found, as a missing one.
 */
export async function getPayout(db: Db, viewer: Viewer, input: { id: number }): Promise<PayoutView> {
  const [payout] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, input.id), eq(payouts.userId, viewer.userId)));
  if (!payout) fail("not_found");
  const [retry] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.retryOfPayoutId, payout.id))
    .limit(1);
  return payoutView(payout, retry?.id ?? null);
}
