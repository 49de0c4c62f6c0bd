import type { FeedbackPageView } from "@market/contracts";
import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { pageObjectQuery } from "../../lib/load-state";
import { parsePathId } from "../../lib/path-id";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { formatFeedbackDay, GivenFeedback } from "../../ui/given-feedback";
import { GivenReview, publicationNote } from "../../ui/given-review";
import { NotFoundPanel, QueryStates } from "../../ui/query-states";
import { toast } from "../../ui/toast-store";
import { FeedbackForm } from "./feedback-form";

/** Reasons a second try would answer the same way. */
const FINAL_REASONS = ["not_found", "unauthorized", "forbidden"] as const;

/**
 * /applications/{id}/feedback (spec section 2, the feedback page): the brand's feedback on a completed hire, from
 * applications.feedback. The form while open; before that when it opens (spec section 8: not yet allowed); once
 * given, the feedback. A sent feedback goes back to the application, which shows it.
 */
export function FeedbackPage({ rawId }: { rawId: string }) {
  const { t } = useTranslation();
  const id = parsePathId(rawId);
  const page = trpc.applications.feedback.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, ...pageObjectQuery(FINAL_REASONS) },
  );
  useDocumentTitle(
    page.data ? t("FEEDBACK.TITLE", { username: page.data.influencer.username }) : t("FEEDBACK.TITLE_PLAIN"),
  );
  const back = (
    <Link to={id === null ? "/applications" : `/applications/${id}`} className="text-brand-800 underline">
      {t("FEEDBACK.BACK")}
    </Link>
  );
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <QueryStates
        query={page}
        validId={id !== null}
        notFoundReasons={["not_found", "forbidden"]}
        notFound={<NotFoundPanel back={back}>{t("APPLICATION_PAGE.NOT_FOUND")}</NotFoundPanel>}
        back={back}
        loadError={t("FEEDBACK.LOAD_ERROR")}
      >
        {(view) => <FeedbackDetails view={view} back={back} onRefused={() => void page.refetch()} />}
      </QueryStates>
    </div>
  );
}

function FeedbackDetails({
  view,
  back,
  onRefused,
}: {
  view: FeedbackPageView;
  back: ReactNode;
  onRefused: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const username = view.influencer.username;
  return (
    <>
      {back}
      <header className="space-y-1">
        <h1 className="text-2xl font-bold break-words">{t("FEEDBACK.TITLE", { username })}</h1>
        <p className="text-slate-600">{t("FEEDBACK.INTRO", { username, title: view.deal.title })}</p>
      </header>
      {view.state === "not_yet" && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {view.opensAt
            ? t("FEEDBACK.OPENS_ON", { date: formatFeedbackDay(view.opensAt) })
            : t("FEEDBACK.NOT_ALLOWED_YET")}
        </p>
      )}
      {view.state === "closed" && (
        <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800">
          {t("FEEDBACK.CLOSED")}
        </p>
      )}
      {view.state === "given" && view.feedback && (
        <GivenFeedback
          feedback={view.feedback}
          title={t("FEEDBACK.YOURS")}
          note={
            view.publishedAt
              ? publicationNote(t, "FEEDBACK", { publishedAt: view.publishedAt, published: view.published }, username)
              : undefined
          }
        />
      )}
      {view.review && <GivenReview review={view.review} title={t("FEEDBACK.THEIR_REVIEW", { username })} />}
      {view.state === "open" && (
        <FeedbackForm
          applicationId={view.applicationId}
          onRefused={onRefused}
          onGiven={async () => {
            toast.success(t("FEEDBACK.SUCCESS"));
            await Promise.all([
              utils.applications.get.invalidate({ id: view.applicationId }),
              utils.applications.feedback.invalidate({ id: view.applicationId }),
            ]);
            await navigate({ to: `/applications/${view.applicationId}` });
          }}
        />
      )}
    </>
  );
}
