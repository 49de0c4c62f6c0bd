import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { loadStateOf } from "../../lib/load-state";
import { parsePathId } from "../../lib/path-id";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { NotFoundPanel } from "../../ui/query-states";
import { ApplicationList } from "./application-list";
import { EmptyList } from "./empty-list";
import { ListControls } from "./list-controls";
import { LIST_QUERY_OPTIONS } from "./list-query";
import {
  type ApplicationListSearch,
  type ApplicationListState,
  campaignApplicationsInputOf,
  clearFilters,
  isFiltered,
  parseApplicationListState,
  serializeApplicationListState,
} from "./list-state";

interface CampaignApplicationsPageProps {
  /** The {id} of the path, as typed. */
  rawId: string;
  search: ApplicationListSearch;
  onSearchChange: (next: ApplicationListSearch) => void;
}

/** The applicants of one of the brand's campaigns (spec section 2, /campaigns/{id}/applications). */
export function CampaignApplicationsPage({ rawId, search, onSearchChange }: CampaignApplicationsPageProps) {
  const { t } = useTranslation();
  const id = parsePathId(rawId);
  const state = parseApplicationListState("brand", { ...search });
  const query = trpc.applications.ofCampaign.useInfiniteQuery(campaignApplicationsInputOf(id ?? 0, search), {
    ...LIST_QUERY_OPTIONS,
    enabled: id !== null,
  });
  const deal = query.data?.pages[0]?.deal ?? null;
  useDocumentTitle(deal ? t("APPLICATIONS.CAMPAIGN_TITLE", { title: deal.title }) : t("APPLICATIONS.TITLE.brand"));
  const change = (next: ApplicationListState) => onSearchChange(serializeApplicationListState("brand", next));

  // Another brand's campaign answers not_found, like a deleted or unknown one.
  const notFound = loadStateOf(query, { validId: id !== null, notFoundReasons: ["not_found"], keepDataOnError: true });
  if (notFound.kind === "not_found") {
    return (
      <NotFoundPanel
        back={
          <Link to="/campaigns" className="font-medium text-brand-800 underline">
            {t("CAMPAIGN.BACK")}
          </Link>
        }
      >
        {t("CAMPAIGN.NOT_FOUND")}
      </NotFoundPanel>
    );
  }

  return (
    <div className="space-y-6">
      {id !== null && (
        <Link to={`/campaigns/${id}`} className="inline-block font-medium text-brand-800 underline">
          <span aria-hidden="true">← </span>
          {t("APPLICATIONS.BACK_TO_CAMPAIGN")}
        </Link>
      )}
      <h1 className="text-2xl font-bold break-words">
        {deal ? t("APPLICATIONS.CAMPAIGN_TITLE", { title: deal.title }) : t("APPLICATIONS.APPLICANTS")}
      </h1>
      <ListControls kind="brand" state={state} onChange={(patch) => change({ ...state, ...patch })} />
      <section aria-label={t("APPLICATIONS.RESULTS")} aria-busy={query.isFetching}>
        <ApplicationList
          kind="brand"
          query={query}
          showDeal={false}
          filtered={isFiltered(state)}
          onClearFilters={() => change(clearFilters("brand", state))}
          empty={<EmptyList message={t("APPLICATIONS.EMPTY.campaign")} hint={t("APPLICATIONS.EMPTY_HINT.campaign")} />}
        />
      </section>
    </div>
  );
}
