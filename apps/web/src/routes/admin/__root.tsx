import { createRootRouteWithContext } from "@tanstack/react-router";
import type { SignedInContext } from "../../app/router-context";
import { ConsoleShell } from "../../features/console/shell/console-shell";

/** The operator's console (issue 36): an admin in their own session; no brand, influencer or visitor loads it. */
export const Route = createRootRouteWithContext<SignedInContext>()({
  component: AdminRoot,
});

function AdminRoot() {
  const { user } = Route.useRouteContext();
  return <ConsoleShell user={user} />;
}
