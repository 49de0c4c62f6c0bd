import { type FeedbackForInfluencer, type FeedbackView, RATING_CRITERIA, STAR_RATING } from "@market/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StarRating } from "./star-rating";

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** When the brand's feedback opens: "Nov 3, 2026". */
export const formatFeedbackDay = (date: Date): string => day.format(date);

const isWhole = (feedback: FeedbackView | FeedbackForInfluencer): feedback is FeedbackView => "roi" in feedback;

/**
 * A feedback as given (spec section 3): the rating per criterion and their mean, work again, the word to the
 * influencer; for the brand, which reads it whole, the results (drove action, ROI), its private comment and
 * whether the platform may quote it. Shown on the application page and on the feedback page once given.
 */
export function GivenFeedback({
  feedback,
  title,
  note,
}: {
  feedback: FeedbackView | FeedbackForInfluencer;
  title: string;
  /** When it is (or will be) published (issue 40, double blind), for the brand that wrote it. */
  note?: string | undefined;
}) {
  const { t } = useTranslation();
  const rated = (value: number) => t("FEEDBACK.RATED", { value, max: STAR_RATING.max });
  const yesNo = (value: boolean) => t(value ? "FEEDBACK.YES" : "FEEDBACK.NO");
  return (
    <section
      aria-labelledby="given-feedback-title"
      data-testid="given-feedback"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="given-feedback-title" className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{formatFeedbackDay(feedback.created)}</p>
      </header>
      <p className="flex items-center gap-2 font-medium" data-testid="feedback-average">
        <StarRating value={feedback.average} label={rated(feedback.average)} />
        {t("FEEDBACK.AVERAGE", { value: feedback.average, max: STAR_RATING.max })}
      </p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {RATING_CRITERIA.map((criterion) => (
          <Row key={criterion} label={t(`FEEDBACK.CRITERIA.${criterion}`)}>
            <StarRating value={feedback.rating[criterion]} label={rated(feedback.rating[criterion])} />
          </Row>
        ))}
        <Row label={t("FEEDBACK.WORK_AGAIN")}>{yesNo(feedback.workAgain)}</Row>
        {isWhole(feedback) && (
          <>
            <Row label={t("FEEDBACK.DROVE_ACTION")}>{yesNo(feedback.droveAction)}</Row>
            <Row label={t("FEEDBACK.ROI")}>{t(`FEEDBACK.ROI_VALUES.${feedback.roi}`)}</Row>
            <Row label={t("FEEDBACK.ALLOW_USE_SHORT")}>{yesNo(feedback.allowUse)}</Row>
          </>
        )}
      </dl>
      {feedback.iComment && <Comment label={t("FEEDBACK.I_COMMENT")}>{feedback.iComment}</Comment>}
      {isWhole(feedback) && feedback.rComment && <Comment label={t("FEEDBACK.R_COMMENT")}>{feedback.rComment}</Comment>}
      {note && (
        <p role="status" className="text-sm text-slate-600" data-testid="feedback-publication">
          {note}
        </p>
      )}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-slate-100 py-1">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function Comment({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      <p className="whitespace-pre-line break-words text-slate-800">{children}</p>
    </div>
  );
}
