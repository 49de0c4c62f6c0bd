import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadScreen } from "../../../../../app/screen-load";
import { EditCampaignPage } from "../../../../../features/campaigns/wizard/campaign-wizard-pages";

const campaignId = (raw: string): number | null => {
  const id = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The edit wizard (spec section 2); a path that holds no campaign id goes to the campaign list. */
export const Route = createFileRoute("/(brand)/campaigns/$id/edit")({
  beforeLoad: ({ params }) => {
    if (campaignId(params.id) === null) throw redirect({ to: "/campaigns", replace: true });
  },
  loader: ({ context: { queries }, params, cause }) => {
    const id = campaignId(params.id);
    return loadScreen(cause, () => (id === null ? [] : [queries.deals.get.prefetch({ id })]));
  },
  component: EditCampaign,
});

function EditCampaign() {
  const { id } = Route.useParams();
  const parsed = campaignId(id);
  return parsed === null ? null : <EditCampaignPage key={parsed} id={parsed} />;
}
