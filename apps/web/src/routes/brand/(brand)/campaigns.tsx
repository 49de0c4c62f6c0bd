import { createFileRoute, redirect } from "@tanstack/react-router";

/**
 * The brand's home (spec section 2: unknown routes go to /campaigns). The campaign list replaces this redirect
 * when it lands; until then the brand's only screen, Find influencers, is home.
 */
export const Route = createFileRoute("/(brand)/campaigns")({
  beforeLoad: () => {
    throw redirect({ to: "/find", replace: true });
  },
});
