import { createFileRoute } from "@tanstack/react-router";
import { loadApplicationPage } from "../../../../../app/shared-loaders";
import { ApplicationRouteScreen } from "../../../../../features/application-page/application-route-screen";
import { validateApplicationSearch } from "../../../../../features/application-page/arbitration-search";

/** One application to a campaign of the brand (spec section 2, /applications/{id}); `?arbitration` opens help. */
export const Route = createFileRoute("/(brand)/applications/$id/")({
  validateSearch: validateApplicationSearch,
  loader: ({ context, params, cause }) => loadApplicationPage(context, params.id, cause),
  component: ApplicationRouteScreen,
});
