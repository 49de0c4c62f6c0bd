import type { PublishedReview, ReviewListPage } from "@market/contracts";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { Button } from "../button";
import { formatFeedbackDay } from "../given-feedback";
import { StarRating } from "../star-rating";
import { ReportReview } from "./report-review";

/** Whose published reviews to list: a brand's (by influencers) or an influencer's (by brands, id as on the profile). */
export type ReviewListSubject = { of: "brand"; id: number } | { of: "influencer"; id: number | string };

/** The lists' paging, for a route's loader to prefetch the first page as the list reads it. */
export const REVIEW_LIST_PAGES = {
  getNextPageParam: (page: ReviewListPage) => page.nextCursor ?? undefined,
} as const;

/**
 * A profile's published reviews (issue 40, point 3), newest first, each with the hire it came from (the campaign),
 * paged by the server's keyset ("Show more"). Self-contained: it reads reviews.ofBrand or reviews.ofInfluencer
 * itself, so the brand profile and the influencer profile place it as it is. A signed-in reader may report a review
 * (`canReport`). Only published reviews ever reach it: the server keeps the double blind.
 */
export function ReviewList({ subject, canReport = false }: { subject: ReviewListSubject; canReport?: boolean }) {
  const { t } = useTranslation();
  const brandQuery = trpc.reviews.ofBrand.useInfiniteQuery(
    { id: subject.of === "brand" ? subject.id : 0 },
    { ...REVIEW_LIST_PAGES, enabled: subject.of === "brand" },
  );
  const influencerQuery = trpc.reviews.ofInfluencer.useInfiniteQuery(
    { id: subject.of === "influencer" ? subject.id : 0 },
    { ...REVIEW_LIST_PAGES, enabled: subject.of === "influencer" },
  );
  const query = subject.of === "brand" ? brandQuery : influencerQuery;
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section aria-labelledby="review-list-title" className="space-y-3" data-testid="review-list">
      <h2 id="review-list-title" className="text-lg font-semibold">
        {t("REVIEWS.LIST_TITLE")}
      </h2>
      {query.isPending ? (
        <p className="text-slate-600" aria-busy="true">
          {t("GLOBAL.LOADING")}
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-red-700">
          {t("REVIEWS.LIST_ERROR")}
        </p>
      ) : reviews.length === 0 ? (
        <p className="text-slate-600">{t("REVIEWS.LIST_EMPTY")}</p>
      ) : (
        <ol className="space-y-3">
          {reviews.map((review) => (
            <ReviewItem key={`${review.side}-${review.applicationId}`} review={review} canReport={canReport} />
          ))}
        </ol>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
        >
          {t("REVIEWS.MORE")}
        </Button>
      )}
    </section>
  );
}

function ReviewItem({ review, canReport }: { review: PublishedReview; canReport: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" data-testid="published-review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-medium">
          <StarRating value={review.average} label={t("FEEDBACK.RATED", { value: review.average, max: 5 })} />
          {review.average}
        </span>
        <span className="text-sm text-slate-600">{formatFeedbackDay(review.publishedAt)}</span>
      </div>
      <p className="text-sm text-slate-600">
        {t("REVIEWS.FROM_HIRE", { author: review.author, campaign: review.campaign })}
      </p>
      {review.text && <p className="whitespace-pre-line break-words text-slate-800">{review.text}</p>}
      {canReport && <ReportReview applicationId={review.applicationId} side={review.side} />}
    </li>
  );
}
