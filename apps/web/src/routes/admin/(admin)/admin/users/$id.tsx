import { createFileRoute } from "@tanstack/react-router";
import { loadScreen } from "../../../../../app/screen-load";
import { AUDIT_PAGES } from "../../../../../features/console/audit/audit-query";
import { UserPage } from "../../../../../features/console/users/user-page";

export const Route = createFileRoute("/(admin)/admin/users/$id")({
  loader: ({ context: { queries }, cause, params }) =>
    loadScreen(cause, () => [
      queries.admin.console.users.get.prefetch({ id: Number(params.id) }),
      queries.admin.console.audit.list.prefetchInfinite({ userId: Number(params.id) }, { ...AUDIT_PAGES, pages: 1 }),
    ]),
  component: UserPage,
});
