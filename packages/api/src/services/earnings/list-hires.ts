import {
  type HiresPage,
  type HireView,
  hireMoneyState,
  MONEY_LIST_PAGE_SIZE,
  type MoneyListInput,
} from "@market/contracts";
import {
  and,
  applications,
  type Db,
  deals,
  desc,
  eq,
  isNotNull,
  type Placeholders,
  preparedQuery,
  preparedShapes,
  type SQL,
  type SQLWrapper,
  sql,
  users,
} from "@market/db";
import type { Viewer } from "../../viewer";
import { readShared, type UserReadsCache } from "../user-reads-cache";
import { hiredCentsSql, hiredRightsOf, hiredRightsSql } from "./hire-figures";
import { afterKeyAs, decodeKey, encodeKey, type KeyRelation, keyRelation, microsOf } from "./keyset";

const HIRE_RANK = 0;

/** Paid hires of the brand: what the hire history lists, a refunded one as refunded (its money went back). */
const hiresOf = (brandId: number | SQLWrapper) =>
  and(eq(applications.brandId, brandId), isNotNull(applications.paidAt));

type PageValues = { brandId: number; micros: number; afterId: number; limit: number };

/** A page of the brand's hires after the cursor, with P in the page's own statement: one statement per key relation. */
const hirePage = preparedShapes(
  "hires_page",
  (relation: KeyRelation) => relation,
  (db, relation, values: Placeholders<PageValues>) =>
    db
      .select({
        id: applications.id,
        micros: microsOf(applications.paidAt),
        paidAt: applications.paidAt,
        releasedAt: applications.releasedAt,
        refundedAt: applications.refundedAt,
        feePercent: applications.feeBrandPercent,
        paidCents: applications.paidAmountCents,
        dealId: deals.id,
        dealTitle: deals.title,
        username: users.username,
        // P, the ticked networks' prices (money.md), in the page's own statement: one round trip for the page.
        hiredCents: hiredCentsSql(),
        usageRights: hiredRightsSql(),
      })
      .from(applications)
      .innerJoin(deals, eq(deals.id, applications.dealId))
      .innerJoin(users, eq(users.id, applications.influencerId))
      .where(
        and(
          hiresOf(values.brandId),
          afterKeyAs(relation, { micros: values.micros, id: values.afterId }, applications.paidAt, applications.id),
        ),
      )
      .orderBy(desc(applications.paidAt), desc(applications.id))
      .limit(values.limit),
);

/**
 * GET /api/hires (spec sections 3 Hire and 4 Hire history status; money.md): the brand's paid hires newest paid
 * first, each with what it paid (B, the payment's ledger figure kept on the application), the price P of the ticked
 * networks and the fee between, released or pending; and the totals of B per status over all its hires. Walks
 * applications_brand_paid_idx; two statements a page, at once (the page with its prices, the totals).
 */
export async function listHires(
  deps: { db: Db; userReads?: UserReadsCache | undefined },
  viewer: Viewer,
  input: MoneyListInput,
  pageSize: number = MONEY_LIST_PAGE_SIZE,
): Promise<HiresPage> {
  // Nothing in a page depends on the time it is read: kept until a write concerns the brand.
  return readShared(deps.userReads, viewer.userId, `hires ${pageSize} ${input.cursor ?? ""}`, () =>
    readHires(deps.db, viewer.userId, input, pageSize),
  );
}

async function readHires(db: Db, brandId: number, input: MoneyListInput, pageSize: number): Promise<HiresPage> {
  const key = decodeKey(input.cursor);
  const [rows, totals] = await Promise.all([
    hirePage(db, keyRelation(key, HIRE_RANK), {
      brandId,
      micros: key?.micros ?? 0,
      afterId: key?.id ?? 0,
      limit: pageSize + 1,
    }),
    hireTotals(db, brandId),
  ]);
  const page = rows.slice(0, pageSize);
  const items = page.map((row): HireView => {
    const priceCents = Number(row.hiredCents ?? 0);
    return {
      applicationId: row.id,
      created: (row.paidAt as Date).toISOString(),
      amountCents: priceCents,
      feesPercent: row.feePercent ?? 0,
      feesCents: row.paidCents - priceCents,
      amountWithFeesCents: row.paidCents,
      deal: { id: row.dealId, title: row.dealTitle },
      influencer: { username: row.username },
      status: hireMoneyState(row),
      refundDate: row.refundedAt?.toISOString() ?? null,
      usageRights: hiredRightsOf(row.usageRights),
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

/**
 * B summed separately for released, pending (spec section 4) and refunded hires, over the same index: the states
 * of hireMoneyState, a refunded hire in neither of the spec's two.
 */
const sumWhere = (condition: SQL) =>
  sql<string>`coalesce(sum(${applications.paidAmountCents}) filter (where ${condition}), 0)`;

const totalsOf = preparedQuery("hire_totals", (db, values: Placeholders<{ brandId: number }>) =>
  db
    .select({
      released: sumWhere(sql`${applications.refundedAt} is null and ${applications.releasedAt} is not null`),
      pending: sumWhere(sql`${applications.refundedAt} is null and ${applications.releasedAt} is null`),
      refunded: sumWhere(sql`${applications.refundedAt} is not null`),
    })
    .from(applications)
    .where(hiresOf(values.brandId)),
);

async function hireTotals(db: Db, brandId: number): Promise<HiresPage["totals"]> {
  const [row] = await totalsOf(db, { brandId });
  return {
    releasedCents: Number(row?.released ?? 0),
    pendingCents: Number(row?.pending ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
  };
}
