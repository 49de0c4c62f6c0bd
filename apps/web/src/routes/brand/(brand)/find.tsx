import { createFileRoute } from "@tanstack/react-router";
import { FindInfluencersPage } from "../../../features/find-influencers/find-influencers-page";

export const Route = createFileRoute("/(brand)/find")({
  component: () => <FindInfluencersPage teaser={false} />,
});
