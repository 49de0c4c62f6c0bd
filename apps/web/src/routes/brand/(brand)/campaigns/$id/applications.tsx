import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../../app/screen-load";
import { CampaignApplicationsPage } from "../../../../../features/application-lists/campaign-applications-page";
import { LIST_PAGES } from "../../../../../features/application-lists/list-query";
import {
  applicationListSearchOf,
  campaignApplicationsInputOf,
} from "../../../../../features/application-lists/list-state";
import { parsePathId } from "../../../../../lib/path-id";

/** The applicants of one of the brand's campaigns (spec section 2): status, sort and query in the URL. */
export const Route = createFileRoute("/(brand)/campaigns/$id/applications")({
  validateSearch: applicationListSearchOf("brand"),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, params, deps, cause }) => {
    const id = parsePathId(params.id);
    return loadScreen(cause, () =>
      id === null
        ? []
        : [
            queries.applications.ofCampaign.prefetchInfinite(
              campaignApplicationsInputOf(id, deps),
              firstPageOf(LIST_PAGES),
            ),
          ],
    );
  },
  component: BrandCampaignApplications,
});

function BrandCampaignApplications() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CampaignApplicationsPage
      key={id}
      rawId={id}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
    />
  );
}
