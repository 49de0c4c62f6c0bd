import { createFileRoute } from "@tanstack/react-router";
import { CampaignApplicationsPage } from "../../../../../features/application-lists/campaign-applications-page";
import { applicationListSearchOf } from "../../../../../features/application-lists/list-state";

/** The applicants of one of the brand's campaigns (spec section 2): status, sort and query in the URL. */
export const Route = createFileRoute("/(brand)/campaigns/$id/applications")({
  validateSearch: applicationListSearchOf("brand"),
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
