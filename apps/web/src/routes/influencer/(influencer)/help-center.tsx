import { createFileRoute } from "@tanstack/react-router";
import { HelpCenterPage } from "../../../features/help/help-center-page";

export const Route = createFileRoute("/(influencer)/help-center")({ component: HelpCenterPage });
