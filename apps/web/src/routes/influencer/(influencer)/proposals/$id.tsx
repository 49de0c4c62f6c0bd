import { createFileRoute } from "@tanstack/react-router";
import { loadApplicationPage } from "../../../../app/shared-loaders";
import { ApplicationRouteScreen } from "../../../../features/application-page/application-route-screen";
import { validateApplicationSearch } from "../../../../features/application-page/arbitration-search";

/** One of the influencer's own applications (spec section 2, /proposals/{id}); `?arbitration` opens help. */
export const Route = createFileRoute("/(influencer)/proposals/$id")({
  validateSearch: validateApplicationSearch,
  loader: ({ context, params, cause }) => loadApplicationPage(context, params.id, cause),
  component: ApplicationRouteScreen,
});
