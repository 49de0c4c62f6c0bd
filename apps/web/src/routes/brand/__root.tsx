import { createRootRouteWithContext } from "@tanstack/react-router";
import type { SignedInContext } from "../../app/router-context";
import { OnboardingModal } from "../../features/onboarding/onboarding-modal";
import { AppShell } from "../../features/shell/app-shell";

export const Route = createRootRouteWithContext<SignedInContext>()({
  component: BrandRoot,
});

function BrandRoot() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <AppShell kind="brand" user={user} />
      <OnboardingModal kind="brand" user={user} />
    </>
  );
}
