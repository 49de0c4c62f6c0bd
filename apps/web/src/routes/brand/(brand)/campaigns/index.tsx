import { createFileRoute } from "@tanstack/react-router";
import { CampaignsListPage } from "../../../../features/campaigns/list/campaigns-list-page";
import { validateListSearch } from "../../../../features/campaigns/list/list-state";

/** The brand's home: the campaign list, its tab, search and sort in the URL (spec section 2). */
export const Route = createFileRoute("/(brand)/campaigns/")({
  validateSearch: validateListSearch,
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
