import { createFileRoute } from "@tanstack/react-router";
import { ApplicationsPage } from "../../../../features/application-lists/applications-page";
import { applicationListSearchOf } from "../../../../features/application-lists/list-state";

/** The influencer's own proposals (spec section 2): status, sort and query in the URL. */
export const Route = createFileRoute("/(influencer)/proposals/")({
  validateSearch: applicationListSearchOf("influencer"),
  component: InfluencerProposals,
});

function InfluencerProposals() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ApplicationsPage
      kind="influencer"
      search={search}
      onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
    />
  );
}
