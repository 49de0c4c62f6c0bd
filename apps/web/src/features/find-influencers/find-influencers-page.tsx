import { INFLUENCER_SEARCH_COUNT_CAP, INFLUENCER_SORTS } from "@market/contracts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { totalPages } from "../../lib/pagination";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { PaginationControls } from "../../ui/pagination-controls";
import { ResultsMessage } from "../../ui/results-message";
import { SortSelect } from "../../ui/sort-select";
import { DesktopOnlyNotice } from "./desktop-only-notice";
import { FindFilters } from "./find-filters";
import { type FindState, hasFilters, toSearchInput } from "./find-state";
import { InfluencerCard } from "./influencer-card";
import { InfluencerCardSkeletons } from "./influencer-card-skeleton";
import { usePageCursors } from "./page-cursors";
import { useSearchDisabled } from "./search-availability";
import { SeeMore } from "./see-more";
import { useFilterChanges } from "./use-filter-changes";

interface FindInfluencersPageProps {
  /** Visitors get the teaser: one page of results ending with See more, no sort and no pagination. */
  teaser: boolean;
  /** The state the URL describes (find-state.ts). */
  state: FindState;
  /** Writes a new state into the URL, which runs its search. */
  onStateChange: (state: FindState) => void;
}

export function FindInfluencersPage({ teaser, state, onStateChange }: FindInfluencersPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t("FIND.TITLE"));
  const searchDisabled = useSearchDisabled();
  // The input is the query key: a new state is a new query, so an answer to an older state is never shown for
  // it, and abortOnUnmount lets React Query abort the superseded request once nothing observes it.
  const cursors = usePageCursors(toSearchInput(state, !teaser));
  const search = trpc.influencers.search.useQuery(cursors.input, {
    trpc: { abortOnUnmount: true },
  });
  const nextCursor = search.isPlaceholderData ? null : search.data?.nextCursor;
  const { remember } = cursors;
  useEffect(() => {
    if (nextCursor) remember(nextCursor);
  }, [nextCursor, remember]);
  const refetch = () => void search.refetch();
  const changes = useFilterChanges(state, onStateChange);
  const reset = changes.reset;
  const filtered = hasFilters(state);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("FIND.TITLE")}</h1>
      {searchDisabled && <DesktopOnlyNotice />}
      <FindFilters state={state} changes={changes} onSearch={refetch} disabled={searchDisabled} />
      <section aria-label={t("FIND.RESULTS")} aria-busy={search.isFetching}>
        {search.isPending ? (
          <InfluencerCardSkeletons />
        ) : search.isError ? (
          <ResultsMessage role="alert" actionLabel={t("GLOBAL.RETRY")} onAction={refetch} busy={search.isFetching}>
            {t("FIND.LOAD_ERROR")}
          </ResultsMessage>
        ) : search.data.influencers.length === 0 ? (
          !teaser && state.page > 1 && search.data.count > 0 ? (
            // A page past the last one (an old link, an edited address): the pages that do exist stay reachable.
            <>
              <ResultsMessage
                role="status"
                actionLabel={t("FIND.PAGINATION.FIRST_PAGE")}
                onAction={() => onStateChange({ ...state, page: 1 })}
                busy={false}
              >
                {t("FIND.EMPTY_PAGE")}
              </ResultsMessage>
              <PaginationControls
                page={state.page}
                pages={totalPages(search.data.count)}
                onPage={(page) => onStateChange({ ...state, page })}
              />
            </>
          ) : (
            <ResultsMessage role="status" actionLabel={t("FIND.RESET_FILTERS")} onAction={reset} busy={false}>
              {t("FIND.NO_RESULTS")}
            </ResultsMessage>
          )
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
              <div className="flex flex-wrap items-center gap-4">
                <p aria-live="polite" data-testid="find-count" className="font-medium text-slate-700">
                  {search.data.countIsCapped
                    ? t("FIND.COUNT_CAPPED", { count: INFLUENCER_SEARCH_COUNT_CAP })
                    : t("FIND.COUNT", { count: search.data.count })}
                </p>
                {filtered && (
                  <Button variant="ghost" onClick={reset}>
                    {t("FIND.CLEAR_FILTERS")}
                  </Button>
                )}
              </div>
              {!teaser && (
                <SortSelect
                  label={t("FIND.SORT.LABEL")}
                  value={state.sort ?? ""}
                  disabled={searchDisabled}
                  options={[
                    { value: "", label: t("FIND.SORT.DEFAULT") },
                    ...INFLUENCER_SORTS.map((sort) => ({ value: sort, label: t(`FIND.SORT.${sort}`) })),
                  ]}
                  onChange={(sort) => changes.apply({ sort: sort === "" ? null : sort })}
                />
              )}
            </div>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {search.data.influencers.map((influencer) => (
                <InfluencerCard key={influencer.id} influencer={influencer} />
              ))}
            </ul>
            {teaser ? (
              <SeeMore />
            ) : (
              <PaginationControls
                page={state.page}
                pages={totalPages(search.data.count)}
                onPage={(page) => onStateChange({ ...state, page })}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
