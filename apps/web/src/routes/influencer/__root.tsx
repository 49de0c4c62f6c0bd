import { createRootRouteWithContext } from "@tanstack/react-router";
import type { SignedInContext } from "../../app/router-context";
import { OnboardingModal } from "../../features/onboarding/onboarding-modal";
import { AppShell } from "../../features/shell/app-shell";

export const Route = createRootRouteWithContext<SignedInContext>()({
  component: InfluencerRoot,
});

function InfluencerRoot() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <AppShell kind="influencer" user={user} />
      <OnboardingModal kind="influencer" user={user} />
    </>
  );
}
