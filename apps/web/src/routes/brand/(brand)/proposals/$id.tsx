import { createFileRoute, redirect } from "@tanstack/react-router";
import { validateApplicationSearch } from "../../../../features/application-page/arbitration-search";

/** The influencer's /proposals/{id} is the brand's /applications/{id}: a link written for the other side lands here. */
export const Route = createFileRoute("/(brand)/proposals/$id")({
  validateSearch: validateApplicationSearch,
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: "/applications/$id", params, search, replace: true });
  },
});
