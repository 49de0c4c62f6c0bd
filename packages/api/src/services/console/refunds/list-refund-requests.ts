import {
  CONSOLE_PAGE_SIZE,
  type RefundRequestListInput,
  type RefundRequestPage,
  type RefundRequestView,
} from "@market/contracts";
import { alias, and, applications, type Db, deals, eq, refundRequests, users } from "@market/db";
import { afterConsoleKey, consoleMicrosOf, consoleOrderBy, decodeConsoleKey, pageOf } from "../keyset";

const brand = alias(users, "refund_brand");
const influencer = alias(users, "refund_influencer");
const requester = alias(users, "refund_requester");
const decider = alias(users, "refund_decider");

/**
 * The refunds queue (issue 36, point 4, the two-person rule): a status's requests, oldest first, keyset-paged on
 * refund_requests_status_created_idx. `mayDecide` tells the viewing admin which they may approve (not their own).
 */
export async function listRefundRequests(
  deps: { db: Db },
  adminId: number,
  input: RefundRequestListInput,
): Promise<RefundRequestPage> {
  const key = decodeConsoleKey(input.cursor);
  const rows = await deps.db
    .select({
      request: refundRequests,
      micros: consoleMicrosOf(refundRequests.createdAt),
      dealTitle: deals.title,
      brandId: brand.id,
      brandUsername: brand.username,
      influencerId: influencer.id,
      influencerUsername: influencer.username,
      requesterUsername: requester.username,
      deciderUsername: decider.username,
    })
    .from(refundRequests)
    .innerJoin(applications, eq(applications.id, refundRequests.applicationId))
    .innerJoin(deals, eq(deals.id, applications.dealId))
    .innerJoin(brand, eq(brand.id, applications.brandId))
    .innerJoin(influencer, eq(influencer.id, applications.influencerId))
    .innerJoin(requester, eq(requester.id, refundRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, refundRequests.decidedBy))
    .where(
      and(
        eq(refundRequests.status, input.status),
        afterConsoleKey(key, "oldest", refundRequests.createdAt, refundRequests.id),
      ),
    )
    .orderBy(...consoleOrderBy("oldest", refundRequests.createdAt, refundRequests.id))
    .limit(CONSOLE_PAGE_SIZE + 1);
  const page = pageOf(rows, CONSOLE_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.request.id }));
  return {
    requests: page.rows.map(
      (row): RefundRequestView => ({
        id: row.request.id,
        applicationId: row.request.applicationId,
        dealTitle: row.dealTitle,
        brand: { id: row.brandId, username: row.brandUsername },
        influencer: { id: row.influencerId, username: row.influencerUsername },
        amountCents: row.request.amountCents,
        status: row.request.status,
        requestedBy: { id: row.request.requestedBy, username: row.requesterUsername },
        reason: row.request.reason,
        requestedAt: row.request.createdAt.toISOString(),
        decidedBy:
          row.request.decidedBy === null || row.deciderUsername === null
            ? null
            : { id: row.request.decidedBy, username: row.deciderUsername },
        decisionReason: row.request.decisionReason,
        decidedAt: row.request.decidedAt?.toISOString() ?? null,
        mayDecide: row.request.status === "pending" && row.request.requestedBy !== adminId,
      }),
    ),
    nextCursor: page.nextCursor,
  };
}
