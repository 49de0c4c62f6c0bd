import { DEAL_SEARCH_PAGE_SIZE, DEAL_SORTS } from "@market/contracts";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { totalPages } from "../../lib/pagination";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { PaginationControls } from "../../ui/pagination-controls";
import { ResultsMessage } from "../../ui/results-message";
import { SortSelect } from "../../ui/sort-select";
import { CategorySidebar } from "./category-sidebar";
import { DealFilters } from "./deal-filters";
import { DealItem, DealItemSkeletons } from "./deal-item";
import {
  type DealSearchState,
  hasDealFilters,
  resetDealFilters,
  selectCategory,
  toDealSearchInput,
  withDealFilters,
  withDraftQuery,
} from "./deal-search-state";
import { usePageKeys } from "./use-page-keys";

interface FindDealsPageProps {
  /** The state the URL describes (deal-search-state.ts). */
  state: DealSearchState;
  /** Writes a new state into the URL, which runs its search. */
  onStateChange: (state: DealSearchState) => void;
}

/** The influencer's Find deals (spec section 2, /search): category sidebar, filters, sort, 10 deals a page. */
export function FindDealsPage({ state, onStateChange }: FindDealsPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t("FIND_DEALS.TITLE"));
  const resultsHeadingId = useId();
  const resultsRef = useRef<HTMLElement>(null);

  // The input is the query key: a new state is a new query, so an answer to an older state never lands in it
  // (abortOnUnmount lets React Query abort the superseded request). Meanwhile the previous results stay on
  // screen, marked busy, instead of blanking at each page or filter.
  const search = trpc.deals.search.useQuery(toDealSearchInput(state), {
    placeholderData: keepPreviousData,
    trpc: { abortOnUnmount: true },
  });
  const data = search.data;
  const lastPage = data ? totalPages(data.count, DEAL_SEARCH_PAGE_SIZE) : null;
  const updating = search.isFetching && (search.isPlaceholderData || search.isRefetching);

  // The query box's text. Every change puts the box back to the query that applies, so it never shows a query
  // the results ignore; back and forward change the URL's query, and the box follows it too.
  const [draft, setDraft] = useState(state.query);
  useEffect(() => setDraft(state.query), [state.query]);
  const apply = (next: DealSearchState) => {
    setDraft(next.query);
    onStateChange(next);
  };
  // A filter, category or sort change applies the typed query along with it (one search, back to page 1).
  const typed = withDraftQuery(state, draft);
  const change = (patch: Partial<Omit<DealSearchState, "page">>) => apply(withDealFilters(typed, patch));

  const refetch = () => void search.refetch();
  const submitQuery = () => (typed === state ? refetch() : apply(typed));
  const reset = () => apply(resetDealFilters(state));
  const goToPage = (page: number) => {
    apply({ ...state, page });
    // The new page starts at the top of the results, wherever the flip came from.
    resultsRef.current?.scrollIntoView({ block: "start" });
  };
  usePageKeys(state.page, search.isError ? null : lastPage, goToPage);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("FIND_DEALS.TITLE")}</h1>
      <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)] md:items-start">
        <CategorySidebar
          counts={data?.categoryCounts ?? null}
          selected={state.categories}
          onSelect={(category) => apply(selectCategory(typed, category))}
        />
        <div className="min-w-0 space-y-6">
          <DealFilters
            state={state}
            query={draft}
            onQueryChange={setDraft}
            onChange={change}
            onSearch={submitQuery}
            onReset={reset}
          />
          <section
            ref={resultsRef}
            aria-labelledby={resultsHeadingId}
            aria-busy={search.isFetching}
            className="scroll-mt-4 space-y-4"
          >
            <h2 id={resultsHeadingId} className="sr-only">
              {t("FIND_DEALS.RESULTS")}
            </h2>
            <div className="flex flex-wrap items-center justify-between gap-4">
              <div className="flex flex-wrap items-center gap-3">
                {data && !search.isError && (
                  <p aria-live="polite" data-testid="deal-count" className="font-medium text-slate-700">
                    {t("FIND_DEALS.COUNT", { count: data.count })}
                  </p>
                )}
                {updating && (
                  <p role="status" className="text-sm text-slate-500">
                    {t("FIND_DEALS.UPDATING")}
                  </p>
                )}
              </div>
              <SortSelect
                label={t("FIND_DEALS.SORT.LABEL")}
                value={state.sort}
                options={DEAL_SORTS.map((sort) => ({ value: sort, label: t(`FIND_DEALS.SORT.${sort}`) }))}
                onChange={(sort) => change({ sort })}
              />
            </div>

            {search.isError ? (
              <ResultsMessage role="alert" actionLabel={t("GLOBAL.RETRY")} onAction={refetch} busy={search.isFetching}>
                {t("FIND_DEALS.LOAD_ERROR")}
              </ResultsMessage>
            ) : !data ? (
              <DealItemSkeletons />
            ) : data.deals.length === 0 ? (
              data.count > 0 ? (
                // A page past the last one (an old link, or deals that closed meanwhile).
                <>
                  <ResultsMessage
                    role="status"
                    actionLabel={t("FIND.PAGINATION.FIRST_PAGE")}
                    onAction={() => goToPage(1)}
                    busy={false}
                  >
                    {t("FIND_DEALS.EMPTY_PAGE")}
                  </ResultsMessage>
                  <PaginationControls page={state.page} pages={lastPage ?? 1} onPage={goToPage} />
                </>
              ) : hasDealFilters(state) ? (
                <ResultsMessage role="status" actionLabel={t("FIND_DEALS.RESET_FILTERS")} onAction={reset} busy={false}>
                  {t("FIND_DEALS.NO_RESULTS")}
                </ResultsMessage>
              ) : (
                <ResultsMessage
                  role="status"
                  actionLabel={t("GLOBAL.RETRY")}
                  onAction={refetch}
                  busy={search.isFetching}
                >
                  {t("FIND_DEALS.NO_DEALS")}
                </ResultsMessage>
              )
            ) : (
              <>
                <ul className={cx("space-y-4 transition-opacity", updating && "opacity-60")}>
                  {data.deals.map((deal) => (
                    <DealItem key={deal.id} deal={deal} />
                  ))}
                </ul>
                <PaginationControls page={state.page} pages={lastPage ?? 1} onPage={goToPage} />
                {(lastPage ?? 1) > 1 && (
                  <p className="text-center text-xs text-slate-500">{t("FIND_DEALS.KEYS_HINT")}</p>
                )}
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
