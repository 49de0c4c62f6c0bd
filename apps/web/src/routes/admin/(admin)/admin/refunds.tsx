import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../app/screen-load";
import { REFUND_PAGES, RefundsPage } from "../../../../features/console/refunds/refunds-page";

export const Route = createFileRoute("/(admin)/admin/refunds")({
  loader: ({ context: { queries }, cause }) =>
    loadScreen(cause, () => [queries.admin.console.refunds.list.prefetchInfinite({}, firstPageOf(REFUND_PAGES))]),
  component: RefundsPage,
});
