import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../../app/screen-load";
import { PayoutsPage } from "../../../../../features/console/payouts/payouts-page";
import { PAYOUT_PAGES, payoutsInputOf, payoutsSearchOf } from "../../../../../features/console/payouts/payouts-query";

export const Route = createFileRoute("/(admin)/admin/payouts/")({
  validateSearch: payoutsSearchOf,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, cause, deps }) =>
    loadScreen(cause, () => [
      queries.admin.console.payouts.list.prefetchInfinite(payoutsInputOf(deps), firstPageOf(PAYOUT_PAGES)),
      queries.admin.console.payouts.counts.prefetch(),
    ]),
  component: PayoutsPage,
});
