import {
  CAMPAIGN_SORTS,
  CAMPAIGN_TABS,
  type CampaignSort,
  type CampaignTab,
  SEARCH_QUERY_MAX_LENGTH,
} from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../lib/cx";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button } from "../../../ui/button";
import { ResultsMessage } from "../../../ui/results-message";
import { CampaignCard, CampaignCardSkeletons } from "./campaign-card";
import { DeleteCampaignDialog } from "./delete-campaign-dialog";
import {
  type CampaignListSearch,
  type CampaignListState,
  countByTab,
  DEFAULT_LIST_STATE,
  isFiltered,
  parseListState,
  serializeListState,
  visibleCampaigns,
} from "./list-state";
import { NEW_CAMPAIGN_PATH } from "./paths";
import { useCampaignActions } from "./use-campaign-actions";

interface CampaignsListPageProps {
  search: CampaignListSearch;
  /** Writes the list state to the URL: a history entry per tab or sort, the search box replaces its own. */
  onSearchChange: (next: CampaignListSearch, options: { replace: boolean }) => void;
}

/** The brand's campaign list (spec section 2, /campaigns). */
export function CampaignsListPage({ search, onSearchChange }: CampaignsListPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t("CAMPAIGNS.TITLE"));
  const state = parseListState(search as Record<string, unknown>);
  const campaigns = trpc.deals.mine.useQuery();
  const actions = useCampaignActions();
  const [toDelete, setToDelete] = useState<{ id: number; title: string } | null>(null);

  const counts = useMemo(() => countByTab(campaigns.data ?? []), [campaigns.data]);
  const shown = visibleCampaigns(campaigns.data ?? [], state);
  const change = (next: Partial<CampaignListState>, replace = false) =>
    onSearchChange(serializeListState({ ...state, ...next }), { replace });
  const refetch = () => void campaigns.refetch();

  const confirmDelete = async (id: number) => {
    if (await actions.remove(id)) setToDelete(null);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{t("CAMPAIGNS.TITLE")}</h1>
        <Button asChild>
          <Link to={NEW_CAMPAIGN_PATH}>{t("CAMPAIGNS.NEW")}</Link>
        </Button>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <TabBar tab={state.tab} counts={campaigns.data ? counts : null} onChange={(tab) => change({ tab })} />
        <div className="flex flex-wrap items-end gap-4">
          <SearchBox query={state.query} onChange={(query) => change({ query }, true)} />
          <SortSelect sort={state.sort} onChange={(sort) => change({ sort })} />
        </div>
      </div>

      <section aria-label={t("CAMPAIGNS.RESULTS")} aria-busy={campaigns.isFetching}>
        {campaigns.isPending ? (
          <CampaignCardSkeletons />
        ) : campaigns.isError ? (
          <ResultsMessage role="alert" actionLabel={t("GLOBAL.RETRY")} onAction={refetch} busy={campaigns.isFetching}>
            {t("CAMPAIGNS.LOAD_ERROR")}
          </ResultsMessage>
        ) : campaigns.data.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
            <p role="status" className="text-lg font-medium">
              {t("CAMPAIGNS.EMPTY")}
            </p>
            <p className="text-slate-600">{t("CAMPAIGNS.EMPTY_HINT")}</p>
            <Button asChild>
              <Link to={NEW_CAMPAIGN_PATH}>{t("CAMPAIGNS.NEW")}</Link>
            </Button>
          </div>
        ) : shown.length === 0 && isFiltered(state) ? (
          <ResultsMessage
            role="status"
            actionLabel={t("CAMPAIGNS.CLEAR_FILTERS")}
            onAction={() =>
              onSearchChange(serializeListState({ ...DEFAULT_LIST_STATE, sort: state.sort }), { replace: false })
            }
            busy={false}
          >
            {t("CAMPAIGNS.NO_MATCH")}
          </ResultsMessage>
        ) : (
          <>
            <p aria-live="polite" className="mb-4 font-medium text-slate-700">
              {t("CAMPAIGNS.SHOWN", { count: shown.length })}
            </p>
            <ul className="space-y-4">
              {shown.map((campaign) => (
                <CampaignCard
                  key={campaign.id}
                  campaign={campaign}
                  busy={actions.busyId === campaign.id}
                  onPause={actions.pause}
                  onResume={actions.resume}
                  onDelete={setToDelete}
                />
              ))}
            </ul>
          </>
        )}
      </section>

      <DeleteCampaignDialog
        campaign={toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        onConfirm={(id) => void confirmDelete(id)}
        busy={actions.deleting}
      />
    </div>
  );
}

/** The status tabs with their counts: a group of toggle buttons, the current one pressed. */
function TabBar({
  tab,
  counts,
  onChange,
}: {
  tab: CampaignTab;
  counts: Record<CampaignTab, number> | null;
  onChange: (tab: CampaignTab) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">{t("CAMPAIGNS.TABS")}</legend>
      {CAMPAIGN_TABS.map((value) => {
        const label = t(`CAMPAIGNS.TAB.${value}`);
        return (
          <button
            key={value}
            type="button"
            aria-pressed={tab === value}
            onClick={() => onChange(value)}
            className={cx(
              "rounded-md px-4 py-2 text-sm font-medium",
              tab === value ? "bg-white text-brand-900 shadow-sm" : "text-slate-700 hover:bg-white/60",
            )}
          >
            {counts ? t("CAMPAIGNS.TAB_COUNT", { label, count: counts[value] }) : label}
          </button>
        );
      })}
    </fieldset>
  );
}

/** The free-text search; it keeps its own text while typing and follows the URL when that changes (back). */
function SearchBox({ query, onChange }: { query: string; onChange: (query: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(query);
  useEffect(() => {
    setDraft((current) => ((current.trim() === "" ? "" : current) === query ? current : query));
  }, [query]);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t("CAMPAIGNS.SEARCH_LABEL")}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder={t("CAMPAIGNS.SEARCH_PLACEHOLDER")}
        onChange={(event) => {
          setDraft(event.target.value);
          onChange(event.target.value);
        }}
        className="min-h-10 w-72 rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
    </div>
  );
}

function SortSelect({ sort, onChange }: { sort: CampaignSort; onChange: (sort: CampaignSort) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t("CAMPAIGNS.SORT_LABEL")}
      </label>
      <select
        id={id}
        value={sort}
        onChange={(event) => onChange(event.target.value as CampaignSort)}
        className="min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        {CAMPAIGN_SORTS.map((value) => (
          <option key={value} value={value}>
            {t(`CAMPAIGNS.SORT.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
