import { createRootRoute } from "@tanstack/react-router";
import { VisitorShell } from "../../app/shell/visitor-shell";

export const Route = createRootRoute({
  component: VisitorShell,
});
