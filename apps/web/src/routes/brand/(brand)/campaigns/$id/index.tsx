import { createFileRoute } from "@tanstack/react-router";
import { CampaignPage } from "../../../../../features/campaigns/page/campaign-page";

/** One campaign of the brand (spec section 2, /campaigns/{id}); an impersonating admin also reviews it. */
export const Route = createFileRoute("/(brand)/campaigns/$id/")({
  component: BrandCampaign,
});

function BrandCampaign() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <CampaignPage key={id} rawId={id} isImpersonating={user.isImpersonating} />;
}
