import { BRAND_CRITERIA, type BrandReviewView, STAR_RATING } from "@market/contracts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatFeedbackDay } from "./given-feedback";
import { StarRating } from "./star-rating";

/**
 * An influencer's review of a brand as written (issue 40): the rating per criterion and their mean, the text. Shown
 * to its writer on the application and review pages, and to the brand once published. `note` says when it is (or
 * will be) published.
 */
export function GivenReview({ review, title, note }: { review: BrandReviewView; title: string; note?: string }) {
  const { t } = useTranslation();
  const rated = (value: number) => t("FEEDBACK.RATED", { value, max: STAR_RATING.max });
  return (
    <section
      aria-label={title}
      data-testid="given-review"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-slate-600">{formatFeedbackDay(review.created)}</p>
      </header>
      <p className="flex items-center gap-2 font-medium">
        <StarRating value={review.average} label={rated(review.average)} />
        {t("FEEDBACK.AVERAGE", { value: review.average, max: STAR_RATING.max })}
      </p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {BRAND_CRITERIA.map((criterion) => (
          <div key={criterion} className="flex items-center justify-between gap-4 border-b border-slate-100 py-1">
            <dt className="text-sm text-slate-600">{t(`REVIEWS.CRITERIA.${criterion}`)}</dt>
            <dd className="text-sm font-medium">
              <StarRating value={review.rating[criterion]} label={rated(review.rating[criterion])} />
            </dd>
          </div>
        ))}
      </dl>
      {review.text && <p className="whitespace-pre-line break-words text-slate-800">{review.text}</p>}
      {note && (
        <p role="status" className="text-sm text-slate-600" data-testid="review-publication">
          {note}
        </p>
      )}
    </section>
  );
}

/**
 * "Published on …" once public (the server says), else when it will be: when `other` has written theirs, or at
 * the window's close. `prefix` is REVIEWS or FEEDBACK, whose texts name the other side.
 */
export function publicationNote(
  t: TFunction,
  prefix: "REVIEWS" | "FEEDBACK",
  publication: { publishedAt: Date; published: boolean },
  other: string,
): string {
  const date = formatFeedbackDay(publication.publishedAt);
  return publication.published
    ? t(`${prefix}.PUBLISHED_ON`, { date })
    : t(`${prefix}.PUBLISHED_WHEN`, prefix === "REVIEWS" ? { brand: other, date } : { username: other, date });
}
