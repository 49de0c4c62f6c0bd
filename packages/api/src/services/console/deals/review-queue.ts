import { CONSOLE_PAGE_SIZE, type ReviewQueueInput, type ReviewQueuePage } from "@market/contracts";
import { and, brandProfiles, type Db, deals, eq, ilike, isNull, or, sql, users } from "@market/db";
import { afterConsoleKey, consoleMicrosOf, consoleOrderBy, decodeConsoleKey, pageOf } from "../keyset";

/** `%text%` for ILIKE, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The console's deals awaiting review (issue 36, point 2): live deals no admin has reviewed (NONE), oldest first,
 * keyset-paged by (created_at, id) on deals_review_queue_idx, which holds exactly the queue. A brand filter (part of
 * the company's name or the username) or a category is checked on the rows walked; the queue is the few deals of the
 * last days, not the catalogue.
 */
export async function listReviewQueue(deps: { db: Db }, input: ReviewQueueInput): Promise<ReviewQueuePage> {
  const key = decodeConsoleKey(input.cursor);
  const rows = await deps.db
    .select({
      id: deals.id,
      micros: consoleMicrosOf(deals.createdAt),
      title: deals.title,
      category: deals.category,
      createdAt: deals.createdAt,
      deadline: deals.deadline,
      brandId: deals.userId,
      brandName: brandProfiles.brandName,
      username: users.username,
    })
    .from(deals)
    .innerJoin(users, eq(users.id, deals.userId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, deals.userId))
    .where(
      and(
        sql`${deals.reviewStatus} = 'NONE'`,
        isNull(deals.deletedAt),
        input.category === undefined ? undefined : eq(deals.category, input.category),
        input.brand === undefined
          ? undefined
          : or(ilike(brandProfiles.brandName, containing(input.brand)), ilike(users.username, containing(input.brand))),
        afterConsoleKey(key, "oldest", deals.createdAt, deals.id),
      ),
    )
    .orderBy(...consoleOrderBy("oldest", deals.createdAt, deals.id))
    .limit(CONSOLE_PAGE_SIZE + 1);
  const page = pageOf(rows, CONSOLE_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.id }));
  return {
    deals: page.rows.map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category,
      created: row.createdAt.toISOString(),
      deadline: row.deadline.toISOString(),
      brand: { id: row.brandId, name: row.brandName || row.username },
    })),
    nextCursor: page.nextCursor,
  };
}
