import { createFileRoute } from "@tanstack/react-router";
import { PayoutPage } from "../../../../features/earnings/payout-page";

export const Route = createFileRoute("/(influencer)/earnings/payout")({ component: PayoutPage });
