import { createFileRoute } from "@tanstack/react-router";
import { EarningsPage } from "../../../../features/earnings/earnings-page";

export const Route = createFileRoute("/(influencer)/earnings/")({ component: EarningsPage });
