import { type EarningsPage, hireMoneyState, MONEY_LIST_PAGE_SIZE, type MoneyListInput } from "@market/contracts";
import {
  and,
  applicationPrices,
  applications,
  type Db,
  deals,
  desc,
  eq,
  isNotNull,
  ledgerEntries,
  ledgerTransactions,
  type Placeholders,
  preparedShapes,
  sql,
} from "@market/db";
import type { Viewer } from "../../viewer";
import { ledgerAccount } from "../ledger/accounts";
import { readShared, type UserReadsCache } from "../user-reads-cache";
import { hiredRightsOf, hiredRightsSql, influencerAmount } from "./hire-figures";
import {
  afterKeyAs,
  byKeyDescending,
  decodeKey,
  encodeKey,
  type KeyRelation,
  keyRelation,
  type MoneyKey,
  microsOf,
} from "./keyset";
import { type KeyedTransaction as Keyed, payoutReturnRows, payoutRows } from "./payout-rows";

/** The payments' rank in the keyset, below the payouts' (payout-rows.ts). */
const PAYMENT_RANK = 0;

/**
 * GET /api/earnings (spec section 3 Transaction; money.md): the influencer's i-payment credits (one per paid
 * application, dated when the brand paid; a refunded one stays, `refunded` with its refundDate: never earned) and
 * payout debits (one per payout, dated when requested), and, for each failed payout, the credit of its money coming
 * back (dated when it failed; payout-rows.ts), newest first. Each source is walked by its index
 * (applications_influencer_paid_idx, payouts_user_requested_idx) for one page more than asked, each payment with its
 * figures (hired prices, release credit); the three are merged in memory: three prepared statements a page, whatever
 * its size, sent at once.
 */
export async function listEarnings(
  deps: { db: Db; userReads?: UserReadsCache | undefined },
  viewer: Viewer,
  input: MoneyListInput,
  pageSize: number = MONEY_LIST_PAGE_SIZE,
): Promise<EarningsPage> {
  const key = decodeKey(input.cursor);
  // Nothing in a page depends on the time it is read: kept until a write concerns the influencer.
  return readShared(deps.userReads, viewer.userId, `earnings ${pageSize} ${input.cursor ?? ""}`, () =>
    readEarnings(deps.db, viewer.userId, key, pageSize),
  );
}

async function readEarnings(db: Db, userId: number, key: MoneyKey | null, pageSize: number): Promise<EarningsPage> {
  const [payments, withdrawals, returns] = await Promise.all([
    paymentRows(db, userId, key, pageSize + 1),
    payoutRows(db, userId, key, pageSize + 1),
    payoutReturnRows(db, userId, key, pageSize + 1),
  ]);
  const merged = [...payments, ...withdrawals, ...returns].sort((a, b) => byKeyDescending(a.key, b.key));
  const page = merged.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: page.map((row) => row.view),
    nextCursor: merged.length > pageSize && last ? encodeKey(last.key) : null,
  };
}

type PaymentValues = { influencerId: number; account: string; micros: number; afterId: number; limit: number };

/**
 * The influencer's paid applications after the cursor, newest paid first, each with P (the sum of the networks the
 * brand ticked, money.md; 0 without any) and, once released, the release transaction's credit to influencer:<id>,
 * the ledger's own figure (null before: influencerAmount works it out), both probed per row by their indexes
 * (application_prices' key, ledger_transactions_application_id_idx). One statement per key relation.
 */
const paymentStatement = preparedShapes(
  "earnings_payments",
  (relation: KeyRelation) => relation,
  (db, relation, values: Placeholders<PaymentValues>) =>
    db
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
        priceCents: sql<string | null>`(select sum(${applicationPrices.priceCents}) from ${applicationPrices}
          where ${applicationPrices.applicationId} = ${applications.id} and ${applicationPrices.hired})`,
        creditCents: sql<string | null>`(select sum(${ledgerEntries.amountCents})
          from ${ledgerTransactions} join ${ledgerEntries} on ${ledgerEntries.transactionId} = ${ledgerTransactions.id}
          where ${ledgerTransactions.applicationId} = ${applications.id} and ${ledgerTransactions.kind} = 'release'
            and ${ledgerEntries.account} = ${values.account})`,
        usageRights: hiredRightsSql(),
      })
      .from(applications)
      .innerJoin(deals, eq(deals.id, applications.dealId))
      .where(
        and(
          eq(applications.influencerId, values.influencerId),
          isNotNull(applications.paidAt),
          afterKeyAs(relation, { micros: values.micros, id: values.afterId }, applications.paidAt, applications.id),
        ),
      )
      .orderBy(desc(applications.paidAt), desc(applications.id))
      .limit(values.limit),
);

async function paymentRows(db: Db, influencerId: number, key: MoneyKey | null, limit: number): Promise<Keyed[]> {
  const rows = await paymentStatement(db, keyRelation(key, PAYMENT_RANK), {
    influencerId,
    account: ledgerAccount.influencer(influencerId),
    micros: key?.micros ?? 0,
    afterId: key?.id ?? 0,
    limit,
  });
  return rows.map((row) => {
    const feesPercent = row.feePercent ?? 0;
    const priceCents = Number(row.priceCents ?? 0);
    return {
      key: { micros: Number(row.micros), rank: PAYMENT_RANK, id: row.id },
      view: {
        id: `payment-${row.id}`,
        type: "i-payment",
        diffType: "credit",
        amountCents: priceCents,
        feesPercent,
        amountNoFeesCents: influencerAmount(
          priceCents,
          feesPercent,
          row.creditCents === null ? undefined : Number(row.creditCents),
        ),
        date: (row.paidAt as Date).toISOString(),
        // Once released, the day the money was released (a brand may release before the countdown ends); until then
        // the day the countdown ends, if the work is marked done; never, once refunded.
        releaseDate: row.refundedAt ? null : ((row.releasedAt ?? row.moneyReleaseDate)?.toISOString() ?? null),
        released: row.releasedAt !== null,
        refundDate: row.refundedAt?.toISOString() ?? null,
        status: hireMoneyState(row),
        usageRights: hiredRightsOf(row.usageRights),
        info: { deal: { id: row.dealId, title: row.dealTitle }, applicationId: row.id, method: null, payoutId: null },
      },
    } satisfies Keyed;
  });
}
