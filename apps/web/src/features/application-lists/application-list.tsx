import type { AccountKind } from "@market/contracts";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../lib/cx";
import { Button } from "../../ui/button";
import { LoadErrorMessage } from "../../ui/query-states";
import { ResultsMessage } from "../../ui/results-message";
import { ApplicationCard, ApplicationCardSkeletons } from "./application-card";
import type { ApplicationListQuery } from "./list-query";
import { useLoadMoreOnScroll } from "./use-load-more-on-scroll";

interface ApplicationListProps {
  kind: AccountKind;
  query: ApplicationListQuery;
  /** Whether cards name their campaign (not on one campaign's applicants). */
  showDeal: boolean;
  /** Whether a status or a search narrows the list. */
  filtered: boolean;
  onClearFilters: () => void;
  /** What an unfiltered empty list says, with what to do about it. */
  empty: ReactNode;
}

/** The cards, 20 at a time and more as the reader scrolls near the end, with the loading, empty and error states. */
export function ApplicationList({ kind, query, showDeal, filtered, onClearFilters, empty }: ApplicationListProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLButtonElement>(null);
  const cards = query.data?.pages.flatMap((page) => page.applications) ?? [];
  const updating = query.isFetching && query.isPlaceholderData;
  const loadMore = () => {
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  };
  useLoadMoreOnScroll(sentinel, {
    // A failed page waits for its Retry rather than being asked again at each scroll.
    canLoad: query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError && !updating,
    loadMore,
    loaded: cards.length,
  });

  if (query.isError && !query.isFetchNextPageError) {
    return <LoadErrorMessage query={query}>{t("APPLICATIONS.LOAD_ERROR")}</LoadErrorMessage>;
  }
  if (!query.data) return <ApplicationCardSkeletons />;
  if (cards.length === 0) {
    return filtered ? (
      <ResultsMessage
        role="status"
        actionLabel={t("APPLICATIONS.CLEAR_FILTERS")}
        onAction={onClearFilters}
        busy={false}
      >
        {t("APPLICATIONS.NO_MATCH")}
      </ResultsMessage>
    ) : (
      empty
    );
  }
  return (
    <div className="space-y-4">
      {updating && (
        <p role="status" className="text-sm text-slate-500">
          {t("APPLICATIONS.UPDATING")}
        </p>
      )}
      <ul className={cx("space-y-4 transition-opacity", updating && "opacity-60")}>
        {cards.map((card) => (
          <ApplicationCard key={card.id} card={card} kind={kind} showDeal={showDeal} />
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2">
        <p aria-live="polite" className="text-sm text-slate-600">
          {query.hasNextPage
            ? t("APPLICATIONS.SHOWN", { count: cards.length })
            : t("APPLICATIONS.ALL_SHOWN", { count: cards.length })}
        </p>
        {query.isFetchNextPageError && (
          <p role="alert" className="text-sm text-red-800">
            {t("APPLICATIONS.MORE_ERROR")}
          </p>
        )}
        {query.hasNextPage && (
          // Scrolling near it loads the next page by itself; the button is there for keyboards and after a failure.
          <Button
            ref={sentinel}
            variant="secondary"
            onClick={loadMore}
            // Not disabled while loading: the focus stays on it for the next press.
            aria-busy={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage
              ? t("APPLICATIONS.LOADING_MORE")
              : query.isFetchNextPageError
                ? t("GLOBAL.RETRY")
                : t("APPLICATIONS.SHOW_MORE")}
          </Button>
        )}
      </div>
    </div>
  );
}
