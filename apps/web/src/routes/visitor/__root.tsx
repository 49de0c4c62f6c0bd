import { createRootRoute } from "@tanstack/react-router";
import { AppShell } from "../../app/shell/app-shell";

export const Route = createRootRoute({
  component: () => <AppShell kind="visitor" user={null} />,
});
