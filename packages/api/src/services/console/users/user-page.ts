import { type ConsoleUserPage, USER_PAGE_RECENT } from "@market/contracts";
import {
  and,
  applications,
  count,
  type Db,
  deals,
  desc,
  eq,
  isNotNull,
  isNull,
  loginSources,
  payouts,
  sessions,
  sql,
  users,
} from "@market/db";
import { fail } from "../../../errors";
import { ledgerAccount } from "../../ledger/accounts";
import { accountBalance } from "../../ledger/balance";
import { consoleUserRowOf, userRowsQuery } from "./search-users";

const sumOf = (column: typeof applications.paidAmountCents) => sql<string>`coalesce(sum(${column}), 0)`;

/**
 * A user's page in the console (issue 36, point 4): who they are, their campaigns or applications, their money,
 * their flag and their logins. Their audit trail is the audit view's list filtered by userId, read beside it.
 * Each part is one indexed read of this user's rows.
 */
export async function consoleUserPage(deps: { db: Db }, input: { id: number }): Promise<ConsoleUserPage> {
  const { db } = deps;
  const [row] = await userRowsQuery(db).where(eq(users.id, input.id)).limit(1);
  if (!row) fail("not_found", "No user has this id.");
  const user = consoleUserRowOf(row);
  const isBrand = user.kind === "brand";
  const party = isBrand ? applications.brandId : applications.influencerId;

  const [campaigns, byStatus, recentApplications, money, payoutRows, sessionRows, sourceRows] = await Promise.all([
    isBrand ? brandCampaigns(db, user.id) : Promise.resolve(null),
    db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(eq(party, user.id))
      .groupBy(applications.status),
    db
      .select({
        id: applications.id,
        dealId: applications.dealId,
        dealTitle: deals.title,
        status: applications.status,
        paidAmountCents: applications.paidAmountCents,
        createdAt: applications.createdAt,
      })
      .from(applications)
      .innerJoin(deals, eq(deals.id, applications.dealId))
      .where(eq(party, user.id))
      .orderBy(desc(applications.updatedAt), desc(applications.id))
      .limit(USER_PAGE_RECENT),
    db
      .select({
        paid: sumOf(applications.paidAmountCents),
        refunded: sql<string>`coalesce(sum(${applications.paidAmountCents}) filter (where ${applications.refundedAt} is not null), 0)`,
      })
      .from(applications)
      .where(and(eq(party, user.id), isNotNull(applications.paidAt))),
    isBrand
      ? Promise.resolve([])
      : db
          .select({
            id: payouts.id,
            amountCents: payouts.amountCents,
            status: payouts.status,
            method: payouts.method,
            requestedAt: payouts.requestedAt,
          })
          .from(payouts)
          .where(eq(payouts.userId, user.id))
          .orderBy(desc(payouts.requestedAt), desc(payouts.id))
          .limit(USER_PAGE_RECENT),
    db
      .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastVerifiedAt })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.impersonatorId)))
      .orderBy(desc(sessions.createdAt))
      .limit(USER_PAGE_RECENT),
    db
      .select({ source: loginSources.source, lastSuccessAt: loginSources.lastSuccessAt })
      .from(loginSources)
      .where(eq(loginSources.userId, user.id))
      .orderBy(desc(loginSources.lastSuccessAt))
      .limit(USER_PAGE_RECENT),
  ]);

  return {
    user,
    campaigns,
    applications: {
      byStatus: Object.fromEntries(byStatus.map((entry) => [entry.status, entry.n])),
      recent: recentApplications.map((application) => ({
        ...application,
        createdAt: application.createdAt.toISOString(),
      })),
    },
    money: {
      balanceCents: isBrand ? null : await accountBalance(db, ledgerAccount.influencer(user.id)),
      paidCents: Number(money[0]?.paid ?? 0),
      refundedCents: Number(money[0]?.refunded ?? 0),
      payouts: payoutRows.map((payout) => ({ ...payout, requestedAt: payout.requestedAt.toISOString() })),
    },
    flags: isBrand ? null : { maybeFake: user.maybeFake },
    logins: {
      lastLoginAt: user.lastLoginAt,
      sessions: sessionRows.map((session) => ({
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
      })),
      sources: sourceRows.map((row) => ({ source: row.source, lastSuccessAt: row.lastSuccessAt.toISOString() })),
    },
    canImpersonate: !user.isAdmin,
  };
}

/** The brand's campaigns (deleted ones aside), newest first on deals_user_created_idx, and how many. */
async function brandCampaigns(db: Db, brandId: number) {
  const live = and(eq(deals.userId, brandId), isNull(deals.deletedAt));
  const [[total], recent] = await Promise.all([
    db.select({ n: count() }).from(deals).where(live),
    db
      .select({ id: deals.id, title: deals.title, reviewStatus: deals.reviewStatus, createdAt: deals.createdAt })
      .from(deals)
      .where(live)
      .orderBy(desc(deals.createdAt), desc(deals.id))
      .limit(USER_PAGE_RECENT),
  ]);
  return {
    total: total?.n ?? 0,
    recent: recent.map((deal) => ({ ...deal, createdAt: deal.createdAt.toISOString() })),
  };
}
