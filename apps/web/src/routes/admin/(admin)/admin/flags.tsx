import { createFileRoute } from "@tanstack/react-router";
import { firstPageOf, loadScreen } from "../../../../app/screen-load";
import { FlagsPage } from "../../../../features/console/flags/flags-page";
import { FLAG_PAGES, flagsInputOf, flagsSearchOf } from "../../../../features/console/flags/flags-query";

export const Route = createFileRoute("/(admin)/admin/flags")({
  validateSearch: flagsSearchOf,
  loaderDeps: ({ search }) => ({ tab: search.tab, order: search.order }),
  loader: ({ context: { queries }, cause, deps }) =>
    loadScreen(cause, () => [
      queries.admin.console.flags.list.prefetchInfinite(flagsInputOf(deps), firstPageOf(FLAG_PAGES)),
    ]),
  component: FlagsPage,
});
