import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../../app/screen-load";
import { PayoutDetailPage } from "../../../../../features/console/payouts/payout-detail-page";

export const Route = createFileRoute("/(admin)/admin/payouts/$payoutId")({
  loader: ({ context: { queries }, cause, params }) =>
    loadScreen(cause, () =>
      /^[1-9]\d{0,9}$/.test(params.payoutId)
        ? [queries.admin.console.payouts.get.prefetch({ id: Number(params.payoutId) })]
        : [],
    ),
  component: PayoutDetailPage,
});
