import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { useDocumentTitle } from "../shell/use-document-title";
import { DESKTOP_ONLY_NOTICE_ID, DesktopOnlyNotice } from "./desktop-only-notice";
import { InfluencerCard } from "./influencer-card";
import { InfluencerCardSkeletons } from "./influencer-card-skeleton";
import { ResultsMessage } from "./results-message";
import { useSearchDisabled } from "./search-availability";
import { SeeMore } from "./see-more";

interface FindInfluencersPageProps {
  /** Visitors get the teaser: one page of results ending with See more, no sort and no pagination. */
  teaser: boolean;
}

export function FindInfluencersPage({ teaser }: FindInfluencersPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t("FIND.TITLE"));
  const searchDisabled = useSearchDisabled();
  const search = trpc.influencers.search.useQuery({});
  const refetch = () => void search.refetch();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{t("FIND.TITLE")}</h1>
        <Button
          onClick={refetch}
          disabled={searchDisabled}
          aria-describedby={searchDisabled ? DESKTOP_ONLY_NOTICE_ID : undefined}
        >
          {t("FIND.SEARCH")}
        </Button>
      </div>
      {searchDisabled && <DesktopOnlyNotice />}
      <section aria-label={t("FIND.RESULTS")} aria-busy={search.isFetching}>
        {search.isPending ? (
          <InfluencerCardSkeletons />
        ) : search.isError ? (
          <ResultsMessage role="alert" actionLabel={t("GLOBAL.RETRY")} onAction={refetch} busy={search.isFetching}>
            {t("FIND.LOAD_ERROR")}
          </ResultsMessage>
        ) : search.data.influencers.length === 0 ? (
          <ResultsMessage
            role="status"
            actionLabel={t("FIND.RESET_FILTERS")}
            onAction={refetch}
            busy={search.isFetching}
          >
            {t("FIND.NO_RESULTS")}
          </ResultsMessage>
        ) : (
          <>
            <p aria-live="polite" className="mb-4 font-medium text-slate-700">
              {t("FIND.COUNT", { count: search.data.count })}
            </p>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {search.data.influencers.map((influencer) => (
                <InfluencerCard key={influencer.id} influencer={influencer} />
              ))}
            </ul>
            {teaser && <SeeMore />}
          </>
        )}
      </section>
    </div>
  );
}
