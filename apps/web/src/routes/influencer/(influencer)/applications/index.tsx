import { createFileRoute, redirect } from "@tanstack/react-router";
import { applicationListSearchOf } from "../../../../features/application-lists/list-state";

/**
 * Spec section 2: the applications list also answers at /applications for both kinds. An influencer's
 * applications are its proposals: the one list lives at /proposals (the header's entry), with the same filters.
 */
export const Route = createFileRoute("/(influencer)/applications/")({
  validateSearch: applicationListSearchOf("influencer"),
  beforeLoad: ({ search }) => {
    throw redirect({ to: "/proposals", search, replace: true });
  },
});
