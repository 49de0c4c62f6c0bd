import { CONSOLE_PAGE_SIZE, type ReviewReportPage, type ReviewReportRow } from "@market/contracts";
import { brandReviews, type Db, eq, feedback, reviewReports, sql, users } from "@market/db";
import { afterConsoleKey, consoleMicrosOf, consoleOrderBy, decodeConsoleKey, pageOf } from "../keyset";

/**
 * `admin.console.reviews.list` (issue 40, point 3): reported reviews, newest report first, keyset-paged on
 * review_reports_created_idx, each with the review's text as it stands (the brand's word to the influencer for a
 * feedback) and whether an admin hid it. Two primary-key probes a row for the review, one for the reporter.
 */
export async function listReviewReports(
  deps: { db: Db },
  input: { cursor?: string | undefined },
): Promise<ReviewReportPage> {
  const key = decodeConsoleKey(input.cursor);
  const r = reviewReports;
  const ofBrand = sql`${r.side} = 'of_brand'`;
  const rows = await deps.db
    .select({
      micros: consoleMicrosOf(r.createdAt),
      report: r,
      reporter: { id: users.id, username: users.username },
      text: sql<string>`case when ${ofBrand} then ${brandReviews.text} else ${feedback.iComment} end`,
      hidden: sql<boolean>`(case when ${ofBrand} then ${brandReviews.hiddenAt} else ${feedback.hiddenAt} end) is not null`,
    })
    .from(r)
    .innerJoin(users, eq(users.id, r.reporterId))
    .leftJoin(brandReviews, eq(brandReviews.applicationId, r.applicationId))
    .leftJoin(feedback, eq(feedback.applicationId, r.applicationId))
    .where(afterConsoleKey(key, "newest", r.createdAt, r.id))
    .orderBy(...consoleOrderBy("newest", r.createdAt, r.id))
    .limit(CONSOLE_PAGE_SIZE + 1);
  const page = pageOf(rows, CONSOLE_PAGE_SIZE, (row) => ({ micros: Number(row.micros), id: row.report.id }));
  return {
    rows: page.rows.map(
      ({ report, reporter, text, hidden }): ReviewReportRow => ({
        id: report.id,
        applicationId: report.applicationId,
        side: report.side,
        reason: report.reason,
        note: report.note,
        reporter,
        created: report.createdAt,
        text: text ?? "",
        hidden,
      }),
    ),
    nextCursor: page.nextCursor,
  };
}
