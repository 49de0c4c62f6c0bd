import { createFileRoute } from "@tanstack/react-router";
import { PayoutPage } from "../../../../features/earnings/payout-page";
import { validatePayoutSearch } from "../../../../features/earnings/payout-search";

/** The payout request; `?retry=<id>` sends a failed payout again to another method or account. */
export const Route = createFileRoute("/(influencer)/earnings/payout")({
  validateSearch: validatePayoutSearch,
  component: InfluencerPayout,
});

function InfluencerPayout() {
  const { retry } = Route.useSearch();
  return <PayoutPage retryId={retry} />;
}
