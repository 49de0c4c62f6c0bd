import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../app/screen-load";
import { EarningsPage } from "../../../../features/earnings/earnings-page";
import {
  EARNINGS_INPUT,
  EARNINGS_PAGES,
  PAYOUTS_INPUT,
  PAYOUTS_PAGES,
} from "../../../../features/earnings/earnings-query";

/** The influencer's earnings: the balance, the transactions and the payout tracker, asked for together. */
export const Route = createFileRoute("/(influencer)/earnings/")({
  loader: ({ context: { queries }, cause }) =>
    loadScreen(cause, () => [
      queries.account.balance.prefetch(),
      queries.earnings.list.prefetchInfinite(EARNINGS_INPUT, firstPageOf(EARNINGS_PAGES)),
      queries.earnings.payouts.prefetchInfinite(PAYOUTS_INPUT, firstPageOf(PAYOUTS_PAGES)),
    ]),
  component: EarningsPage,
});
