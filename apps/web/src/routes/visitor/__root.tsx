import { createRootRoute } from "@tanstack/react-router";
import { AppShell } from "../../features/shell/app-shell";

export const Route = createRootRoute({
  component: () => <AppShell kind="visitor" user={null} />,
});
