import type { AccountKind } from "@market/contracts";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { HOME_PATHS } from "../../lib/destinations";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { ApplicationList } from "./application-list";
import { EmptyList } from "./empty-list";
import { ListControls } from "./list-controls";
import { LIST_QUERY_OPTIONS } from "./list-query";
import {
  type ApplicationListSearch,
  type ApplicationListState,
  applicationListInputOf,
  clearFilters,
  isFiltered,
  parseApplicationListState,
  serializeApplicationListState,
} from "./list-state";

interface ApplicationsPageProps {
  kind: AccountKind;
  /** The URL's search parameters (list-state.ts). */
  search: ApplicationListSearch;
  onSearchChange: (next: ApplicationListSearch) => void;
}

/**
 * Every application of the viewer (spec section 2): a brand's across its campaigns (/applications), an
 * influencer's own proposals (/proposals).
 */
export function ApplicationsPage({ kind, search, onSearchChange }: ApplicationsPageProps) {
  const { t } = useTranslation();
  const title = t(`APPLICATIONS.TITLE.${kind}`);
  useDocumentTitle(title);
  const state = parseApplicationListState(kind, { ...search });
  const query = trpc.applications.list.useInfiniteQuery(applicationListInputOf(kind, search), LIST_QUERY_OPTIONS);
  const change = (next: ApplicationListState) => onSearchChange(serializeApplicationListState(kind, next));

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <ListControls kind={kind} state={state} onChange={(patch) => change({ ...state, ...patch })} />
      <section aria-label={t("APPLICATIONS.RESULTS")} aria-busy={query.isFetching}>
        <ApplicationList
          kind={kind}
          query={query}
          showDeal
          filtered={isFiltered(state)}
          onClearFilters={() => change(clearFilters(kind, state))}
          empty={
            <EmptyList
              message={t(`APPLICATIONS.EMPTY.${kind}`)}
              hint={t(`APPLICATIONS.EMPTY_HINT.${kind}`)}
              action={
                <Button asChild>
                  <Link to={HOME_PATHS[kind]}>{t(kind === "brand" ? "NAV.CAMPAIGNS" : "NAV.FIND_DEALS")}</Link>
                </Button>
              }
            />
          }
        />
      </section>
    </div>
  );
}
