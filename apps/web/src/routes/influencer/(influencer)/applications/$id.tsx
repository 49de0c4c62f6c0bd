import { createFileRoute, redirect } from "@tanstack/react-router";
import { validateApplicationSearch } from "../../../../features/application-page/arbitration-search";

/**
 * An application's page answers at /applications/{id} for a brand; an influencer reads the same application at
 * /proposals/{id}. A link written for the other side (a forwarded mail, an admin's note) lands on the right page
 * instead of the influencer's home.
 */
export const Route = createFileRoute("/(influencer)/applications/$id")({
  validateSearch: validateApplicationSearch,
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: "/proposals/$id", params, search, replace: true });
  },
});
