import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../../app/screen-load";
import { CampaignPage } from "../../../../../features/campaigns/page/campaign-page";
import { parsePathId } from "../../../../../lib/path-id";

/** One campaign of the brand (spec section 2, /campaigns/{id}); an impersonating admin also reviews it. */
export const Route = createFileRoute("/(brand)/campaigns/$id/")({
  loader: ({ context: { queries }, params, cause }) => {
    const id = parsePathId(params.id);
    return loadScreen(cause, () => (id === null ? [] : [queries.deals.get.prefetch({ id })]));
  },
  component: BrandCampaign,
});

function BrandCampaign() {
  const { id } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <CampaignPage key={id} rawId={id} isImpersonating={user.isImpersonating} />;
}
