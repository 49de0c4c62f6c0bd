import type { ReviewPageView } from "@market/contracts";
import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { pageObjectQuery } from "../../lib/load-state";
import { parsePathId } from "../../lib/path-id";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { GivenReview, publicationNote } from "../../ui/given-review";
import { NotFoundPanel, QueryStates } from "../../ui/query-states";
import { toast } from "../../ui/toast-store";
import { ReviewForm } from "./review-form";

/** Reasons a second try would answer the same way. */
const FINAL_REASONS = ["not_found", "unauthorized", "forbidden"] as const;

/**
 * /proposals/{id}/review (issue 40): the influencer's review of the brand on a completed hire, from
 * applications.review. The form while the reviews' window is open; once written, the review and when it will be
 * published (double blind: when the brand has written its feedback, or at the window's close).
 */
export function ReviewPage({ rawId }: { rawId: string }) {
  const { t } = useTranslation();
  const id = parsePathId(rawId);
  const page = trpc.applications.review.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, ...pageObjectQuery(FINAL_REASONS) },
  );
  useDocumentTitle(page.data ? t("REVIEWS.TITLE", { brand: page.data.brand.name }) : t("REVIEWS.TITLE_PLAIN"));
  const back = (
    <Link to={id === null ? "/proposals" : `/proposals/${id}`} className="text-brand-800 underline">
      {t("REVIEWS.BACK")}
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
        loadError={t("REVIEWS.LOAD_ERROR")}
      >
        {(view) => <ReviewDetails view={view} back={back} onRefused={() => void page.refetch()} />}
      </QueryStates>
    </div>
  );
}

function ReviewDetails({ view, back, onRefused }: { view: ReviewPageView; back: ReactNode; onRefused: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const brand = view.brand.name;
  return (
    <>
      {back}
      <header className="space-y-1">
        <h1 className="text-2xl font-bold break-words">{t("REVIEWS.TITLE", { brand })}</h1>
        <p className="text-slate-600">{t("REVIEWS.INTRO", { brand, title: view.deal.title })}</p>
      </header>
      {view.state === "not_yet" && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {t("REVIEWS.NOT_YET")}
        </p>
      )}
      {view.state === "closed" && (
        <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800">
          {t("REVIEWS.CLOSED")}
        </p>
      )}
      {view.state === "given" && view.review && (
        <GivenReview
          review={view.review}
          title={t("REVIEWS.YOURS", { brand })}
          note={publicationNote(t, "REVIEWS", view.review, brand)}
        />
      )}
      {view.state === "open" && (
        <ReviewForm
          applicationId={view.applicationId}
          onRefused={onRefused}
          onGiven={async () => {
            toast.success(t("REVIEWS.SUCCESS"));
            await Promise.all([
              utils.applications.get.invalidate({ id: view.applicationId }),
              utils.applications.review.invalidate({ id: view.applicationId }),
            ]);
            await navigate({ to: `/proposals/${view.applicationId}` });
          }}
        />
      )}
    </>
  );
}
