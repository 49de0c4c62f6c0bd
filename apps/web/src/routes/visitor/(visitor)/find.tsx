import { createFileRoute } from "@tanstack/react-router";
import { FindInfluencersPage } from "../../../features/find-influencers/find-influencers-page";

export const Route = createFileRoute("/(visitor)/find")({
  component: () => <FindInfluencersPage teaser />,
});
