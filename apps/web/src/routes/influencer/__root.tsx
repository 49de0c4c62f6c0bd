import { createRootRouteWithContext } from "@tanstack/react-router";
import type { SignedInContext } from "../../app/router-context";
import { AppShell } from "../../app/shell/app-shell";
import { OnboardingModal } from "../../features/onboarding/onboarding-modal";

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
