import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../app/screen-load";
import { PayoutPage } from "../../../../features/earnings/payout-page";
import { validatePayoutSearch } from "../../../../features/earnings/payout-search";

/** The payout request; `?retry=<id>` sends a failed payout again to another method or account. */
export const Route = createFileRoute("/(influencer)/earnings/payout")({
  validateSearch: validatePayoutSearch,
  loaderDeps: ({ search }) => ({ retry: search.retry }),
  loader: ({ context: { queries }, deps: { retry }, cause }) =>
    loadScreen(cause, () => [
      queries.account.balance.prefetch(),
      ...(retry === undefined ? [] : [queries.earnings.payout.prefetch({ id: retry })]),
    ]),
  component: InfluencerPayout,
});

function InfluencerPayout() {
  const { retry } = Route.useSearch();
  return <PayoutPage retryId={retry} />;
}
