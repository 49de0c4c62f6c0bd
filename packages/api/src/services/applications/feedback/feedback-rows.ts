import {
  averageRating,
  type FeedbackForInfluencer,
  type FeedbackRating,
  type FeedbackSummary,
  type FeedbackView,
} from "@market/contracts";
import {
  and,
  asc,
  chatMessages,
  type Db,
  eq,
  type Feedback,
  feedback,
  isNull,
  lte,
  type Placeholder,
  type Placeholders,
  preparedQuery,
  type SQL,
  type SQLWrapper,
  sql,
  type Tx,
} from "@market/db";

/**
 * When the application's money was released, as its money_released chat line says (spec section 4 counts from
 * it); null if it has none. One walk of the chat's (application, created) index.
 */
export async function moneyReleasedAt(db: Db | Tx, applicationId: number): Promise<Date | null> {
  const [line] = await moneyReleasedLine(db, { applicationId });
  return line?.createdAt ?? null;
}

const moneyReleasedWhere = (applicationId: SQLWrapper | Placeholder<string, number>) =>
  and(eq(chatMessages.applicationId, applicationId), eq(chatMessages.type, "money_released"));
const FIRST_LINE = [asc(chatMessages.createdAt), asc(chatMessages.id)];

/** The same as a scalar subselect, for the application `applicationId` names (the application page's statement). */
export const moneyReleasedLineSql = (applicationId: SQLWrapper) =>
  sql`select ${chatMessages.createdAt} from ${chatMessages} where ${moneyReleasedWhere(applicationId)}
    order by ${sql.join(FIRST_LINE, sql`, `)} limit 1`;

const moneyReleasedLine = preparedQuery("money_released_line", (db, values: Placeholders<{ applicationId: number }>) =>
  db
    .select({ createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(moneyReleasedWhere(values.applicationId))
    .orderBy(...FIRST_LINE)
    .limit(1),
);

/** The application's feedback row, or null. */
export async function feedbackRowOf(db: Db | Tx, applicationId: number): Promise<Feedback | null> {
  const [row] = await feedbackOfApplication(db, { applicationId });
  return row ?? null;
}

const feedbackOfApplication = preparedQuery(
  "feedback_of_application",
  (db, values: Placeholders<{ applicationId: number }>) =>
    db.select().from(feedback).where(eq(feedback.applicationId, values.applicationId)),
);

export const feedbackRatingOf = (row: Feedback): FeedbackRating => ({
  content: row.ratingContent,
  availability: row.ratingAvailability,
  communication: row.ratingCommunication,
  cooperation: row.ratingCooperation,
  schedule: row.ratingSchedule,
});

/** The whole feedback, as its brand reads it. */
export function feedbackView(row: Feedback): FeedbackView {
  const rating = feedbackRatingOf(row);
  return {
    rating,
    average: averageRating(rating),
    iComment: row.iComment,
    workAgain: row.workAgain,
    droveAction: row.droveAction,
    roi: row.roi,
    rComment: row.rComment,
    allowUse: row.allowUse,
    created: row.createdAt,
  };
}

/** What the influencer reads of it: the results and the brand's private comment stay the brand's. */
export function feedbackForInfluencer(row: Feedback): FeedbackForInfluencer {
  const { rating, average, iComment, workAgain, created } = feedbackView(row);
  return { rating, average, iComment, workAgain, created };
}

/**
 * SQL: how many published feedbacks an influencer has and the mean of all their ratings, to one decimal (every
 * feedback weighs the same), as the JSON object `{count, average}` the profile shows (JSON writes the rounded
 * numeric as a number; `average` is null without any). Double blind (issue 40): a feedback counts from its
 * published_at on, and not once an admin hid it. A scalar sub-select of the statement that reads the profile (one
 * aggregate over a range of the feedback_influencer_published index), so that the profile costs one statement less
 * (issue 33).
 */
export function feedbackSummarySql(
  db: Db | Tx,
  influencerId: SQLWrapper,
  now: Date | Placeholder,
): SQL<FeedbackSummary> {
  const summary = db
    .select({
      summary: sql`json_build_object('count', count(*)::int, 'average', round(avg((${feedback.ratingContent}
        + ${feedback.ratingAvailability} + ${feedback.ratingCommunication} + ${feedback.ratingCooperation}
        + ${feedback.ratingSchedule}) / 5.0), 1))`,
    })
    .from(feedback)
    .where(and(eq(feedback.influencerId, influencerId), lte(feedback.publishedAt, now), isNull(feedback.hiddenAt)));
  return sql<FeedbackSummary>`(${summary})`;
}
