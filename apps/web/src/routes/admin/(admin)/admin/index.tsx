import { createFileRoute, redirect } from "@tanstack/react-router";

/** The console's home until its dashboard lands: the audit view. */
export const Route = createFileRoute("/(admin)/admin/")({
  beforeLoad: () => {
    throw redirect({ to: "/admin/audit", replace: true });
  },
});
