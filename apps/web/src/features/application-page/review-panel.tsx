import type { ApplicationPageView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { formatFeedbackDay } from "../../ui/given-feedback";
import { GivenReview, publicationNote } from "../../ui/given-review";

/**
 * The influencer's review of the brand on the application (issue 40): for the influencer the Review the brand
 * button while the window is open, then their review with when it is published; for the brand the review once
 * published (double blind: the server answers nothing before).
 */
export function ReviewPanel({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  const { review } = view;
  if (!review) return null;
  const brand = view.deal.author;
  if (review.state === "given") {
    if (view.role === "brand") {
      return (
        <GivenReview
          review={review.review}
          title={t("REVIEWS.THE_INFLUENCERS", { username: view.influencer.username })}
        />
      );
    }
    const note = publicationNote(t, "REVIEWS", review.review, brand);
    return <GivenReview review={review.review} title={t("REVIEWS.YOURS", { brand })} note={note} />;
  }
  if (review.state === "open") {
    return (
      <p className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <span>{t("REVIEWS.INVITE", { brand, date: formatFeedbackDay(review.closesAt) })}</span>
        <Button asChild>
          <Link to={`/proposals/${view.id}/review`} data-testid="write-review">
            {t("REVIEWS.WRITE")}
          </Link>
        </Button>
      </p>
    );
  }
  return null;
}
