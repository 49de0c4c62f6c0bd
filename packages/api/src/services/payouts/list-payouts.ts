import { PAYOUTS_PAGE_SIZE, type PayoutListInput, type PayoutPage, type PayoutView } from "@market/contracts";
import { and, type Db, desc, eq, lt, type Placeholders, payouts, preparedShapes, type SQL, sql } from "@market/db";
import { fail, failInvalidCursor } from "../../errors";
import type { Viewer } from "../../viewer";
import { readShared, type UserReadsCache } from "../user-reads-cache";
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

export async function listPayouts(
  deps: { db: Db; userReads?: UserReadsCache | undefined },
  viewer: Viewer,
  input: PayoutListInput,
): Promise<PayoutPage> {
  const before = beforeId(input.cursor);
  // Nothing in a page depends on the time it is read: kept until a write concerns the influencer's payouts.
  return readShared(deps.userReads, viewer.userId, `payouts ${before ?? ""}`, async () => {
    const rows = await payoutPage(deps.db, before !== null, { userId: viewer.userId, before: before ?? 0 });
    const page = rows.slice(0, PAYOUTS_PAGE_SIZE);
    return {
      items: page.map((row) => payoutView(row.payout, row.retriedBy)),
      nextCursor: rows.length > PAYOUTS_PAGE_SIZE ? String(page.at(-1)?.payout.id) : null,
    };
  });
}

/** A page of the influencer's payouts, newest first, each with the payout that retried it: one statement. */
const payoutPage = preparedShapes(
  "payouts_page",
  (paged: boolean) => (paged ? "before" : "first"),
  (db, paged, values: Placeholders<{ userId: number; before: number }>) =>
    db
      .select({ payout: payouts, retriedBy: retriedBySql() })
      .from(payouts)
      .where(and(eq(payouts.userId, values.userId), paged ? lt(payouts.id, values.before) : undefined))
      .orderBy(desc(payouts.id))
      .limit(PAYOUTS_PAGE_SIZE + 1),
);

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
