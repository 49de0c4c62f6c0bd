import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../app/screen-load";
import { CampaignsListPage } from "../../../../features/campaigns/list/campaigns-list-page";
import { validateListSearch } from "../../../../features/campaigns/list/list-state";

/** The brand's home: the campaign list, its tab, search and sort in the URL (spec section 2). */
export const Route = createFileRoute("/(brand)/campaigns/")({
  validateSearch: validateListSearch,
  // The tab, search and sort pick among the one list of the brand's campaigns: the loader does not depend on them.
  loader: ({ context: { queries }, cause }) => loadScreen(cause, () => [queries.deals.mine.prefetch()]),
  component: BrandCampaigns,
});

function BrandCampaigns() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CampaignsListPage
      search={search}
      onSearchChange={(next, { replace }) => void navigate({ search: next, replace })}
    />
  );
}
