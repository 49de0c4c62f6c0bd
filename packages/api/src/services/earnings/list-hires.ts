import { type HiresPage, type HireView, MONEY_LIST_PAGE_SIZE, type MoneyListInput } from "@market/contracts";
import { and, applications, type Db, deals, desc, eq, isNotNull, isNull, sql, users } from "@market/db";
import type { Viewer } from "../auth/sessions";
import { hiredPrices } from "./hire-figures";
import { afterKey, decodeKey, encodeKey, microsOf } from "./keyset";

const HIRE_RANK = 0;

/** Paid, unrefunded hires of the brand: what the hire history lists (refunded money went back to the card). */
const hiresOf = (brandId: number) =>
  and(eq(applications.brandId, brandId), isNotNull(applications.paidAt), isNull(applications.refundedAt));

/**
 * GET /api/hires (spec sections 3 Hire and 4 Hire history status; money.md): the brand's paid hires newest paid
 * first, each with what it paid (B, the payment's ledger figure kept on the application), the price P of the ticked
 * networks and the fee between, released or pending; and the totals of B per status over all its hires. Walks
 * applications_brand_paid_idx; four queries a page.
 */
export async function listHires(
  db: Db,
  viewer: Viewer,
  input: MoneyListInput,
  pageSize: number = MONEY_LIST_PAGE_SIZE,
): Promise<HiresPage> {
  const key = decodeKey(input.cursor);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: applications.id,
        micros: microsOf(applications.paidAt),
        paidAt: applications.paidAt,
        releasedAt: applications.releasedAt,
        feePercent: applications.feeBrandPercent,
        paidCents: applications.paidAmountCents,
        dealId: deals.id,
        dealTitle: deals.title,
        username: users.username,
      })
      .from(applications)
      .innerJoin(deals, eq(deals.id, applications.dealId))
      .innerJoin(users, eq(users.id, applications.influencerId))
      .where(and(hiresOf(viewer.userId), afterKey(key, HIRE_RANK, applications.paidAt, applications.id)))
      .orderBy(desc(applications.paidAt), desc(applications.id))
      .limit(pageSize + 1),
    hireTotals(db, viewer.userId),
  ]);
  const page = rows.slice(0, pageSize);
  const prices = await hiredPrices(
    db,
    page.map((row) => row.id),
  );
  const items = page.map((row): HireView => {
    const priceCents = prices.get(row.id) ?? 0;
    return {
      applicationId: row.id,
      created: (row.paidAt as Date).toISOString(),
      amountCents: priceCents,
      feesPercent: row.feePercent ?? 0,
      feesCents: row.paidCents - priceCents,
      amountWithFeesCents: row.paidCents,
      deal: { id: row.dealId, title: row.dealTitle },
      influencer: { username: row.username },
      status: row.releasedAt !== null ? "released" : "pending",
    };
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor:
      rows.length > pageSize && last ? encodeKey({ micros: Number(last.micros), rank: HIRE_RANK, id: last.id }) : null,
    totals,
  };
}

/** B summed separately for released and pending hires (spec section 4), over the same index. */
async function hireTotals(db: Db, brandId: number): Promise<HiresPage["totals"]> {
  const [row] = await db
    .select({
      released: sql<string>`coalesce(sum(${applications.paidAmountCents}) filter (where ${applications.releasedAt} is not null), 0)`,
      pending: sql<string>`coalesce(sum(${applications.paidAmountCents}) filter (where ${applications.releasedAt} is null), 0)`,
    })
    .from(applications)
    .where(hiresOf(brandId));
  return { releasedCents: Number(row?.released ?? 0), pendingCents: Number(row?.pending ?? 0) };
}
