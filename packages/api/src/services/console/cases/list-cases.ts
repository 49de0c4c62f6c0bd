import { type CasesListInput, type CasesPage, CONSOLE_PAGE_SIZE } from "@market/contracts";
import { alias, and, applications, type Db, deals, eq, ilike, isNotNull, or, users } from "@market/db";
import { afterConsoleKey, consoleMicrosOf, consoleOrderBy, decodeConsoleKey, pageOf } from "../keyset";
import { caseIsOpen, caseKindsOf, caseOpenedAt } from "./open-case";

const brand = alias(users, "case_brand");
const influencer = alias(users, "case_influencer");

/** A LIKE pattern matching the text literally at the start. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The console's cases queue (issue 36, point 2): the open contests and requests for arbitration, oldest first, keyset
 * paged on (opened at, id). The open cases are few beside the applications (a partial index holds only them), so
 * the kind and party filters are checked on that index's rows; the parties and the deal are joined by primary key.
 */
export async function listCases(deps: { db: Db }, input: CasesListInput): Promise<CasesPage> {
  const key = decodeConsoleKey(input.cursor);
  const party = input.party === undefined ? undefined : startsWith(input.party);
  const rows = await deps.db
    .select({
      id: applications.id,
      micros: consoleMicrosOf(caseOpenedAt),
      openedAt: caseOpenedAt,
      status: applications.status,
      contestedAt: applications.contestedAt,
      arbitrationOpenedAt: applications.arbitrationOpenedAt,
      releaseRemainingMs: applications.releaseRemainingMs,
      paidAmountCents: applications.paidAmountCents,
      dealTitle: deals.title,
      brandId: brand.id,
      brandUsername: brand.username,
      influencerId: influencer.id,
      influencerUsername: influencer.username,
    })
    .from(applications)
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .innerJoin(brand, eq(brand.id, applications.brandId))
    .innerJoin(influencer, eq(influencer.id, applications.influencerId))
    .where(
      and(
        caseIsOpen,
        input.kind === "contest" ? isNotNull(applications.contestedAt) : undefined,
        input.kind === "arbitration" ? isNotNull(applications.arbitrationOpenedAt) : undefined,
        party === undefined ? undefined : or(ilike(brand.username, party), ilike(influencer.username, party)),
        afterConsoleKey(key, "oldest", caseOpenedAt, applications.id),
      ),
    )
    .orderBy(...consoleOrderBy("oldest", caseOpenedAt, applications.id))
    .limit(CONSOLE_PAGE_SIZE + 1);
  const page = pageOf(rows, CONSOLE_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.id }));
  return {
    items: page.rows.map((row) => ({
      applicationId: row.id,
      dealTitle: row.dealTitle,
      brand: { id: row.brandId, username: row.brandUsername },
      influencer: { id: row.influencerId, username: row.influencerUsername },
      status: row.status,
      kinds: caseKindsOf(row),
      openedAt: row.openedAt.toISOString(),
      releaseRemainingMs: row.releaseRemainingMs === null ? null : Number(row.releaseRemainingMs),
      paidAmountCents: row.paidAmountCents,
    })),
    nextCursor: page.nextCursor,
  };
}
