import {
  describeHiredRights,
  type EarningsPage,
  type HiresPage,
  type MoneyListInput,
  type Statement,
} from "@market/contracts";
import type { Db } from "@market/db";
import type { Clock } from "../../clock";
import type { Viewer } from "../../viewer";
import { day, toCsv, usd } from "./csv";
import { listEarnings } from "./list-earnings";
import { listHires } from "./list-hires";
import { payoutDescription } from "./payout-rows";

/** Statements walk the same keyset lists as the pages, in larger pages. */
const STATEMENT_PAGE_SIZE = 500;

interface StatementDeps {
  db: Db;
  clock: Clock;
}

async function allItems<T>(
  page: (input: MoneyListInput) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor === undefined ? {} : { cursor });
    items.push(...answer.items);
    cursor = answer.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return items;
}

/**
 * GET /api/earnings/statement.csv: every transaction of GET /api/earnings, newest first, amounts in USD. Debits
 * are told by their column rather than a minus sign.
 */
export async function earningsStatement(deps: StatementDeps, viewer: Viewer): Promise<Statement> {
  const items = await allItems<EarningsPage["items"][number]>((input) =>
    // Not through the user reads cache: an export's pages would crowd out the screens'.
    listEarnings({ db: deps.db }, viewer, input, STATEMENT_PAGE_SIZE),
  );
  const header = [
    "Date",
    "Type",
    "Credit or debit",
    "Description",
    "Status",
    "Amount (USD)",
    "Fees (%)",
    "Amount without fees (USD)",
    "Release date",
    "Refund date",
    "Usage rights",
  ];
  const rows = items.map((item) => [
    day(item.date),
    item.type,
    item.diffType,
    item.info.deal?.title ?? payoutDescription(item),
    item.status,
    usd(item.amountCents),
    String(item.feesPercent),
    usd(item.amountNoFeesCents),
    item.releaseDate ? day(item.releaseDate) : "",
    item.refundDate ? day(item.refundDate) : "",
    describeHiredRights(item.usageRights, "influencer"),
  ]);
  return { filename: `earnings-statement-${day(deps.clock.now())}.csv`, csv: toCsv(header, rows) };
}

/** GET /api/hires/statement.csv: every hire of GET /api/hires, newest first, amounts in USD. */
export async function hiresStatement(deps: StatementDeps, viewer: Viewer): Promise<Statement> {
  const items = await allItems<HiresPage["items"][number]>((input) =>
    listHires({ db: deps.db }, viewer, input, STATEMENT_PAGE_SIZE),
  );
  const header = [
    "Date",
    "Description",
    "Influencer",
    "Amount (USD)",
    "Fees (USD)",
    "Total (USD)",
    "Status",
    "Refund date",
    "Usage rights",
  ];
  const rows = items.map((item) => [
    day(item.created),
    item.deal.title,
    item.influencer.username,
    usd(item.amountCents),
    usd(item.feesCents),
    usd(item.amountWithFeesCents),
    item.status,
    item.refundDate ? day(item.refundDate) : "",
    describeHiredRights(item.usageRights, "brand"),
  ]);
  return { filename: `hires-statement-${day(deps.clock.now())}.csv`, csv: toCsv(header, rows) };
}
