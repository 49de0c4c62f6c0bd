import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../app/screen-load";
import { AuditPage } from "../../../../features/console/audit/audit-page";
import { AUDIT_PAGES, auditInputOf, auditSearchOf } from "../../../../features/console/audit/audit-query";

export const Route = createFileRoute("/(admin)/admin/audit")({
  validateSearch: auditSearchOf,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queries }, cause, deps }) =>
    loadScreen(cause, () => [
      queries.admin.console.audit.list.prefetchInfinite(auditInputOf(deps), firstPageOf(AUDIT_PAGES)),
    ]),
  component: AuditPage,
});
