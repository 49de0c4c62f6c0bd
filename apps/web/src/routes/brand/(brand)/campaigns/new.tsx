import { createFileRoute } from "@tanstack/react-router";
import { NewCampaignPage } from "../../../../features/campaigns/wizard/campaign-wizard-pages";

/** The campaign wizard (spec section 2). */
export const Route = createFileRoute("/(brand)/campaigns/new")({
  component: NewCampaignPage,
});
