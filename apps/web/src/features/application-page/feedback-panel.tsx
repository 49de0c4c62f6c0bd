import type { ApplicationPageView } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { formatFeedbackDay, GivenFeedback } from "../../ui/given-feedback";
import { publicationNote } from "../../ui/given-review";

/**
 * The brand's feedback on the application (spec section 4): the Leave feedback button only once it is open (the
 * money_released message more than 7 days old), before that the day it opens; once given, the feedback, to the
 * brand with when it is published, to the influencer once published (issue 40, double blind; without the brand's
 * results).
 */
export function FeedbackPanel({ view }: { view: ApplicationPageView }) {
  const { t } = useTranslation();
  const { feedback } = view;
  if (!feedback) return null;
  if (feedback.state === "given") {
    return (
      <GivenFeedback
        feedback={feedback.feedback}
        title={view.role === "brand" ? t("FEEDBACK.YOURS") : t("FEEDBACK.THE_BRANDS")}
        note={view.role === "brand" ? publicationNote(t, "FEEDBACK", feedback, view.influencer.username) : undefined}
      />
    );
  }
  if (feedback.state === "closed") return null;
  if (feedback.state === "open") {
    return (
      <p className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <span>{t("FEEDBACK.INVITE", { username: view.influencer.username })}</span>
        <Button asChild>
          <Link to={`/applications/${view.id}/feedback`} data-testid="leave-feedback">
            {t("FEEDBACK.LEAVE")}
          </Link>
        </Button>
      </p>
    );
  }
  if (!feedback.opensAt) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="feedback-opens">
      {t("FEEDBACK.OPENS_ON", { date: formatFeedbackDay(feedback.opensAt) })}
    </p>
  );
}
