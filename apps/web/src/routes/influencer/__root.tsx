import { createRootRouteWithContext } from "@tanstack/react-router";
import type { SignedInContext } from "../../app/router-context";
import { SignedInShell } from "../../app/shell/signed-in-shell";
import { OnboardingModal } from "../../features/onboarding/onboarding-modal";

export const Route = createRootRouteWithContext<SignedInContext>()({
  component: InfluencerRoot,
});

function InfluencerRoot() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <SignedInShell kind="influencer" user={user} />
      <OnboardingModal kind="influencer" user={user} />
    </>
  );
}
